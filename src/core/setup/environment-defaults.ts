import { InvalidRequestError } from '../errors/validation-errors.js';
import type { ClientOptions, LogLevel, ResolvedClientOptions } from './options.js';

// `createClient()` with no baseUrl or token reads them from the environment, as the CLIs and SDKs
// users know do (Stripe's, OpenAI's): the same script runs against the simulator and a real server.

/** The variable each option falls back to. */
const VARIABLES = {
  baseUrl: 'SEATPAY_BASE_URL',
  token: 'SEATPAY_TOKEN',
  logLevel: 'SEATPAY_LOG',
} as const;

const LOG_LEVELS: readonly string[] = ['off', 'error', 'warn', 'info', 'debug'];

type Environment = Record<string, string | undefined>;

/**
 * `process.env` where the runtime has one (Node, Bun, Deno), read without importing a Node
 * built-in so that browsers load this file too. Deno without `--allow-env` throws on access:
 * that counts as no environment.
 */
function readEnvironment(): Environment | undefined {
  try {
    const runtime = globalThis as { process?: { env?: Environment } };
    return runtime.process?.env;
  } catch {
    return undefined;
  }
}

/** A set, non-empty variable; an empty one (`SEATPAY_TOKEN=`) counts as unset. */
function variable(env: Environment | undefined, name: string): string | undefined {
  const value = env?.[name];
  return value === undefined || value === '' ? undefined : value;
}

function missing(option: 'baseUrl' | 'token', env: Environment | undefined): InvalidRequestError {
  const where = env
    ? `or set ${VARIABLES[option]}`
    : `(${VARIABLES[option]} is read only where the runtime has process.env)`;
  return new InvalidRequestError(`Missing ${option}: pass \`${option}\` to createClient ${where}`, {
    field: option,
  });
}

function logLevelFrom(env: Environment | undefined): LogLevel | undefined {
  const value = variable(env, VARIABLES.logLevel)?.trim().toLowerCase();
  if (value === undefined) return undefined;
  if (!LOG_LEVELS.includes(value)) {
    throw new InvalidRequestError(
      `Invalid ${VARIABLES.logLevel} "${value}": must be off, error, warn, info or debug`,
      { field: 'logLevel' },
    );
  }
  return value as LogLevel;
}

/**
 * Fills `baseUrl`, `token` and `logLevel` from SEATPAY_BASE_URL, SEATPAY_TOKEN and SEATPAY_LOG
 * when the options leave them out (an option given always wins). Throws
 * {@link InvalidRequestError} naming the option and the variable when neither has a value.
 */
export function withEnvironmentDefaults(options: ClientOptions = {}): ResolvedClientOptions {
  if (options === null || typeof options !== 'object')
    throw new InvalidRequestError('createClient needs an options object');
  const env = readEnvironment();
  const baseUrl = options.baseUrl ?? variable(env, VARIABLES.baseUrl);
  if (baseUrl === undefined) throw missing('baseUrl', env);
  const token = options.token ?? variable(env, VARIABLES.token);
  if (token === undefined) throw missing('token', env);
  const logLevel = options.logLevel ?? logLevelFrom(env);
  return { ...options, baseUrl, token, ...(logLevel === undefined ? {} : { logLevel }) };
}
