import { InvalidRequestError } from '../errors/validation-errors.js';
import type { ClientOptions, LogLevel, ResolvedClientOptions } from './options.js';
import type { Platform } from '../../platform/platform.js';

// `createClient()` with no baseUrl or token reads them from the environment, as the CLIs and SDKs
// users know do (Stripe's, OpenAI's): the same script runs against the simulator and a real server.

/** The variable each option falls back to. */
const VARIABLES = {
  baseUrl: 'SEATPAY_BASE_URL',
  token: 'SEATPAY_TOKEN',
  logLevel: 'SEATPAY_LOG',
} as const;

const LOG_LEVELS: readonly string[] = ['off', 'error', 'warn', 'info', 'debug'];

/** A set, non-empty variable, as the platform reads it (a denied read counts as unset). */
type ReadEnv = Platform['readEnv'];

function missing(option: 'baseUrl' | 'token', platform: Platform): InvalidRequestError {
  const where = platform.hasEnv()
    ? `or set ${VARIABLES[option]}`
    : `(${VARIABLES[option]} is read only where the runtime has process.env)`;
  return new InvalidRequestError(`Missing ${option}: pass \`${option}\` to createClient ${where}`, {
    field: option,
  });
}

function logLevelFrom(readEnv: ReadEnv): LogLevel | undefined {
  const value = readEnv(VARIABLES.logLevel)?.trim().toLowerCase();
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
export function withEnvironmentDefaults(
  options: ClientOptions = {},
  platform: Platform,
): ResolvedClientOptions {
  if (options === null || typeof options !== 'object')
    throw new InvalidRequestError('createClient needs an options object');
  // Only options not given are read: where env access is denied, a client given both never asks.
  const baseUrl = options.baseUrl ?? platform.readEnv(VARIABLES.baseUrl);
  if (baseUrl === undefined) throw missing('baseUrl', platform);
  const token = options.token ?? platform.readEnv(VARIABLES.token);
  if (token === undefined) throw missing('token', platform);
  const logLevel = options.logLevel ?? logLevelFrom(platform.readEnv);
  return { ...options, baseUrl, token, ...(logLevel === undefined ? {} : { logLevel }) };
}
