import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
import { flagValueMessage } from './flag-value-message.js';
import { givenValue, unknownFlag } from './unknown-name.js';
import { UsageError } from './usage-error.js';

/** The flags every command takes. */
export const GLOBAL_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean', default: false },
  profile: { type: 'string' },
  academy: { type: 'string' },
  'base-url': { type: 'string' },
  'token-file': { type: 'string' },
} satisfies ParseArgsOptionsConfig;

/** Secrets that argv would show to anyone running `ps`, and where to give them instead. */
const SECRET_FLAGS: Record<string, string> = {
  token: 'set SEATPAY_TOKEN or pass --token-file <path>',
  card: 'pass --card-file <path> (JSON) or set SEATPAY_CARD',
  'card-number': 'pass --card-file <path> (JSON) or set SEATPAY_CARD',
  cvc: 'pass --card-file <path> (JSON) or set SEATPAY_CARD',
};

/** Refuses a secret given as a flag, without repeating its value. */
function refuseSecrets(argv: readonly string[]): void {
  for (const arg of argv) {
    const name = /^--([\w-]+)(=|$)/.exec(arg)?.[1];
    const instead =
      name !== undefined && Object.hasOwn(SECRET_FLAGS, name) ? SECRET_FLAGS[name] : undefined;
    if (instead !== undefined)
      throw new UsageError(
        `--${name} is refused: the command line shows in \`ps\` and shell history; ${instead}`,
      );
  }
}

/** node:util's messages, shortened to one line that names the flag (and the one it meant). */
function parseError(error: unknown, flags: readonly string[]): never {
  const { code, message } = error as { code?: string; message: string };
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  // A misspelt flag is told the command's own it most likely meant (`--seat`: `--seats`); a token
  // or card pasted where a flag goes (`--sk_live_...`) is no flag name: not echoed.
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(unknownFlag(quoted, flags));
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    throw new UsageError(flagValueMessage(message));
  throw error;
}

/**
 * A command's arguments (node:util parseArgs, strict, with the global flags): an unknown flag or a
 * malformed value throws {@link UsageError}; a secret flag is refused before anything is read.
 */
export function readArguments<T extends ParseArgsOptionsConfig>(
  argv: readonly string[],
  options: T,
) {
  refuseSecrets(argv);
  const config = {
    args: [...argv],
    options: { ...GLOBAL_OPTIONS, ...options } as typeof GLOBAL_OPTIONS & T,
    strict: true as const,
    allowPositionals: true as const,
  };
  let parsed;
  try {
    parsed = parseArgs({ ...config, tokens: true as const });
  } catch (error) {
    return parseError(error, Object.keys(config.options));
  }
  refuseRepeats(parsed.tokens, config.options);
  return parsed;
}

/**
 * A flag with a value given twice (`--how-many 1 --how-many 2`, an edited line in a script): node
 * took the last one silently, so an order could be sent for the amount not meant (newuser23).
 */
function refuseRepeats(tokens: readonly Token[], options: ParseArgsOptionsConfig): void {
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || options[token.name]?.type !== 'string') continue;
    if (seen.has(token.name))
      throw new UsageError(
        `--${token.name} is given twice: give it once; which one was meant is not guessed`,
      );
    seen.add(token.name);
  }
}

/** A whole number from `min` on, or the one-line mistake that names the flag. */
export function wholeNumber(flag: string, value: string, min = 1, max = 2 ** 31 - 1): number {
  const number = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max))
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max}, not ${givenValue(value)}`,
    );
  return number;
}

/** A flag that must be there. */
export function required<V>(flag: string, value: V | undefined, hint = ''): V {
  // `--how-many=` (a shell variable that was empty) is there, with no value: not "missing".
  if (value === '') throw new UsageError(`${flag} is given empty: ${flag} <value>`);
  if (value === undefined) throw new UsageError(`${flag} is missing${hint ? `: ${hint}` : ''}`);
  return value;
}

/** Exactly `names.length` positional arguments, named for the message. */
export function positionals(given: string[], names: string[]): string[] {
  if (given.length < names.length)
    throw new UsageError(
      `missing ${names
        .slice(given.length)
        .map((name) => `<${name}>`)
        .join(' ')}`,
    );
  if (given.length > names.length)
    throw new UsageError(`unexpected argument ${givenValue(given[names.length]!)}`);
  return given;
}
