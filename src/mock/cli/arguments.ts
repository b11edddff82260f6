import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { FaultSpec } from '../core/faults.js';
import { seededRandom } from '../core/random.js';
import type { SimulatorOptions } from '../simulator.js';
import { CommandLineError } from './command-line-error.js';
import { fetchRefusesPort } from '../core/fetch-bad-ports.js';
import { parseFaultFlag } from './fault-flag.js';
// The `seatpay` command's own words for a misspelt flag: the two commands answer alike.
import { givenValue, unknownFlag } from '../../command/unknown-name.js';
import { flagValueMessage } from '../../command/flag-value-message.js';

/** The profiles a simulator serves as: SERVICE.md's, or what the deployed server does. */
export const PROFILES = ['spec', 'deployed'] as const;

/**
 * The simulator's options and the command's own. `profile` is passed on as the simulator's
 * `profile` option.
 */
export type ServeSettings = {
  port: number;
  host: string;
  /** `--allow-remote`: the host may be reachable from other machines. */
  allowRemote: boolean;
  faults: FaultSpec[];
  simulator: SimulatorOptions & { profile?: (typeof PROFILES)[number] };
};

export type Command = { kind: 'help' } | { kind: 'version' } | ({ kind: 'serve' } & ServeSettings);

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  port: { type: 'string', short: 'p', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  'allow-remote': { type: 'boolean', default: false },
  'subscription-delay': { type: 'string' },
  'media-delay': { type: 'string' },
  'billing-team-delay': { type: 'string' },
  seed: { type: 'string' },
  'owner-token': { type: 'string' },
  'member-token': { type: 'string' },
  profile: { type: 'string', default: 'spec' },
  fault: { type: 'string', multiple: true, default: [] as string[] },
} satisfies ParseArgsOptionsConfig;

const MAX_TIMER_MS = 2 ** 31 - 1;

function integer(flag: string, value: string, min: number, max: number): number {
  const number = /^-?\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max))
    throw new CommandLineError(
      `--${flag} must be a whole number from ${min} to ${max}, not ${givenValue(value)}`,
    );
  return number;
}

/**
 * A stray argument: a number is most likely the port (`seatpay-mock 4000`); a word that is no
 * name (a token pasted) is not echoed.
 */
function unexpected(given: string): string {
  if (/^\d{1,5}$/.test(given))
    return `unexpected argument "${given}" (did you mean --port ${given}?)`;
  return `unexpected argument ${givenValue(given)}`;
}

/** node:util's messages, shortened to one line that names the flag (and the one it meant). */
function parseError(error: unknown): never {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    throw new CommandLineError(unknownFlag(quoted, Object.keys(OPTIONS)));
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    throw new CommandLineError(unexpected(quoted));
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    throw new CommandLineError(flagValueMessage(message));
  throw error;
}

/** parseArgs, strict, with its errors made {@link CommandLineError}s. */
function readArguments(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false });
  } catch (error) {
    return parseError(error);
  }
}

type Values = ReturnType<typeof readArguments>['values'];

/** What was given besides the defaults: the simulator's options. */
function simulatorOptions(values: Values): ServeSettings['simulator'] {
  const { profile } = values;
  if (!(PROFILES as readonly string[]).includes(profile))
    throw new CommandLineError(
      `--profile must be ${PROFILES.join(' or ')}, not ${givenValue(profile)}`,
    );
  const delay = values['subscription-delay'];
  const media = values['media-delay'];
  const team = values['billing-team-delay'];
  const seed = values.seed;
  return {
    profile: profile as (typeof PROFILES)[number],
    ...(delay === undefined
      ? {}
      : { subscriptionDelayMs: integer('subscription-delay', delay, 0, MAX_TIMER_MS) }),
    ...(media === undefined
      ? {}
      : { mediaProcessingDelayMs: integer('media-delay', media, 0, MAX_TIMER_MS) }),
    ...(team === undefined
      ? {}
      : { billingTeamDelayMs: integer('billing-team-delay', team, 0, MAX_TIMER_MS) }),
    ...(seed === undefined ? {} : { random: seededRandom(integer('seed', seed, 0, 2 ** 32 - 1)) }),
    ...(values['owner-token'] === undefined ? {} : { ownerToken: values['owner-token'] }),
    ...(values['member-token'] === undefined ? {} : { memberToken: values['member-token'] }),
  };
}

/**
 * Reads `seatpay-mock`'s arguments (node:util parseArgs, strict): an unknown flag, a stray
 * argument or a malformed value throws {@link CommandLineError}.
 */
export function parseCommandLine(argv: readonly string[]): Command {
  const { values } = readArguments(argv);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const allowRemote = values['allow-remote'];
  if (!isLoopback(values.host) && !allowRemote)
    throw new CommandLineError(
      `--host ${values.host} is not a loopback address: the simulator, its state and its users' tokens would be reachable from other machines; add --allow-remote if that is what you want`,
    );
  const port = integer('port', values.port, 0, 65_535);
  if (fetchRefusesPort(port))
    throw new CommandLineError(
      `--port ${port} is a port fetch refuses to connect to (a "bad port" in Node and browsers): no client could reach the simulator there; pick another with --port (4010 by default, 0 for any free port)`,
    );
  return {
    kind: 'serve',
    port,
    host: values.host,
    allowRemote,
    faults: values.fault.map(parseFaultFlag),
    simulator: simulatorOptions(values),
  };
}

/**
 * Whether `host` only listens on this machine: `localhost`, 127.0.0.0/8 or ::1 (bracketed or
 * IPv4-mapped too). Any other name or address may be reachable from elsewhere.
 */
export function isLoopback(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1' || /^(0{0,4}:){7}0{0,3}1$/.test(bare)) return true;
  return /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}
