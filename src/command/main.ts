import { VERSION } from '../index.js';
import { AdvisedError } from './advised-error.js';
import { checkout } from './checkout.js';
import { journal } from './journal.js';
import { purchase } from './purchase.js';
import { seats } from './seats.js';
import { team } from './team.js';
import { upload } from './upload.js';
import { HELP_AND_VERSION, type Command } from './command.js';
import { DONE, exitCodeOf, INTERRUPTED, USAGE, type ExitCode } from './exit-codes.js';
import { refuseStdinTwice } from './input-file.js';
import { KnownSecrets } from './known-secrets.js';
import { createOutput, PROCESS_STREAMS, type Streams } from './output.js';
import { printableField } from './printable.js';
import type { Environment } from './known-secrets.js';
import { processStops } from './stops.js';
import { unknownWord } from './unknown-name.js';
import { UsageError } from './usage-error.js';

// `seatpay` (bin/seatpay.js runs `main`): the SDK as a command for shells, cron and CI. It uses
// only what the package's entries export. Every mistake is one line on stderr, never a stack, and
// nothing it writes holds a secret it knows (known-secrets.ts).

const COMMANDS: readonly Command[] = [purchase, checkout, seats, team, upload, journal];

const HELP = `seatpay ${VERSION}: purchases, top-ups, seats and uploads from a shell, cron or CI.

Usage: seatpay <command> [options]   (seatpay <command> --help for its options)

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`).join('\n')}

Options:
${HELP_AND_VERSION}

The token comes from SEATPAY_TOKEN or --token-file <path>, a card from
--card-file <path> or SEATPAY_CARD (JSON), the service from SEATPAY_BASE_URL:
never from the command line, and never printed, whatever the service echoes.
A file named - is stdin: --token-file -, --card-file - or --csv - (one a run).
SEATPAY_IDENTITY (or --identity) names who keys belong to when tokens rotate.
Results go to stdout (--json for JSON), progress and diagnostics to stderr.
Exit codes: 0 done, 1 failed (nothing charged), 2 usage or input mistake
(nothing sent), 3 outcome unknown or rows to settle, or a purchase paid whose
--wait-timeout ran out (run it again with its key; never for a read), 4 refused
by the service (fix the order; nothing charged), 5 the key is in progress
elsewhere (run again later), 130 stopped by Ctrl-C.
`;

/** What `main` runs with: the process's streams, environment and stops (stops.ts), or a test's. */
export interface Io {
  streams: Streams;
  env: Environment;
  /** The first Ctrl-C or SIGTERM. */
  signal: AbortSignal;
  /** The second: a batch's rows in flight stop too. */
  abort?: AbortSignal;
  /** stdout or stderr closed by its reader. */
  closed?: AbortSignal;
}

/** One line, whatever the message held, with no control character. */
const oneLine = (text: string) => printableField(text.replace(/\s*\n\s*/g, '; '));

function explain(error: unknown, command: Command | undefined): string {
  if (error instanceof AdvisedError) {
    const code = error.told.code === undefined ? '' : ` [${error.told.code}]`;
    const advice = error.advice === '' ? '' : `; ${error.advice}`;
    return `${error.told.said ?? explain(error.error, command)}${code}${advice}`;
  }
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) {
    const help = `(see seatpay ${command ? `${command.name} ` : ''}--help)`;
    // A message that leads a list of lines ends with its colon, the pointer to the help before it.
    return message.endsWith(':') ? `${message.slice(0, -1)} ${help}:` : `${message} ${help}`;
  }
  if (exitCodeOf(error) === INTERRUPTED) return 'stopped by Ctrl-C; nothing was left half done';
  return message;
}

/** The lines of a command's help from `Usage:` to the blank line after them, dedented. */
const usageOf = (help: string): string[] =>
  (/^(Usage: .*?)\n\n/ms.exec(help)?.[1] ?? '').split('\n').map((line) => line.slice(7));

/** Help and version: plain text on stdout, with or without --json. */
function print(io: Io, text: string): ExitCode {
  io.streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return DONE;
}

async function dispatch(
  argv: readonly string[],
  io: Io,
  command: Command | undefined,
  secrets: KnownSecrets,
) {
  const output = createOutput(io.streams, argv.includes('--json'));
  if (!command) {
    const known = COMMANDS.map(({ name }) => name);
    const names = known.join(', ');
    // `seatpay help journal`, `seatpay --json --help`, `seatpay --json journal list` (newuser22):
    // help as asked, and a command named after a flag told to go first, not taken for a secret.
    const later = COMMANDS.find(({ name }) => argv.slice(1).includes(name));
    if (argv[0] === 'help' || argv.includes('--help') || argv.includes('-h'))
      return print(io, later?.help ?? HELP);
    if (argv.includes('--version') || argv.includes('-v')) return print(io, VERSION);
    if (later && argv[0]?.startsWith('-'))
      throw new UsageError(
        `the command goes first, then its options: seatpay ${later.name} [options]`,
      );
    throw new UsageError(
      argv[0] === undefined || argv[0].startsWith('-')
        ? `no command given${argv[0] ? ' (it goes first: seatpay <command> [options])' : ''}; one of ${names}`
        : `unknown command ${unknownWord(argv[0], known)}; one of ${names}`,
    );
  }
  const rest = argv.slice(1);
  if (rest.includes('--help') || rest.includes('-h')) return print(io, command.help);
  // `seatpay upload --version` as `seatpay --version`; `seatpay purchase` alone is told its usage,
  // not "--key is missing" and, once given, the next flag missing (newuser23).
  if (rest.includes('--version') || rest.includes('-v')) return print(io, VERSION);
  if (rest.every((arg) => arg === '--json'))
    throw new UsageError(`${command.name} needs arguments; usage:`, usageOf(command.help));
  refuseStdinTwice(rest);
  return command.run(rest, {
    output,
    env: io.env,
    signal: io.signal,
    secrets,
    ...(io.abort ? { abort: io.abort } : {}),
    ...(io.closed ? { closed: io.closed } : {}),
  });
}

/** A test's streams, environment and signals, or the process's (stops.ts). */
function ioOf(io: Partial<Io> | undefined): Io {
  const env = io?.env ?? process.env;
  if (io?.signal) return { streams: PROCESS_STREAMS, ...io, env, signal: io.signal };
  const { streams, stop, abort, closed } = processStops();
  return { streams: io?.streams ?? streams, env, signal: stop, abort, closed };
}

/** Runs `seatpay` with these arguments and resolves with its exit code. */
export async function main(argv: readonly string[], io?: Partial<Io>): Promise<ExitCode> {
  const given = ioOf(io);
  // Every write, whatever the stream, hides the secrets this run knows (known-secrets.ts).
  const secrets = KnownSecrets.of(given.env);
  // The user's own text (never a secret: those come from the environment and files), an order
  // key among it, is printed back as given, card-shaped or not.
  secrets.keep(...argv, given.env.SEATPAY_IDENTITY);
  const full: Io = { ...given, streams: secrets.streams(given.streams) };
  const command = COMMANDS.find((known) => known.name === argv[0]);
  try {
    const code = await dispatch(argv, full, command, secrets);
    await secrets.settled(); // a large text, hidden in slices, is out before the exit code
    return code;
  } catch (error) {
    full.streams.stderr.write(`seatpay: ${explain(error, command)}\n`);
    if (error instanceof UsageError)
      for (const line of error.lines) full.streams.stderr.write(`  ${printableField(line)}\n`);
    if (error instanceof AdvisedError && error.told.exit !== undefined) return error.told.exit;
    const cause = error instanceof AdvisedError ? error.error : error;
    return cause instanceof UsageError ? USAGE : exitCodeOf(cause);
  } finally {
    await secrets.settled().catch(() => undefined);
  }
}
