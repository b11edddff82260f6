import { VERSION } from '../index.js';
import { AdvisedError } from './advised-error.js';
import { checkout } from './checkout.js';
import { journal } from './journal.js';
import { purchase } from './purchase.js';
import { seats } from './seats.js';
import { team } from './team.js';
import { upload } from './upload.js';
import type { Command } from './command.js';
import { DONE, exitCodeOf, INTERRUPTED, USAGE, type ExitCode } from './exit-codes.js';
import { KnownSecrets } from './known-secrets.js';
import { createOutput, PROCESS_STREAMS, type Streams } from './output.js';
import type { Environment } from './secrets.js';
import { UsageError } from './usage-error.js';

// `seatpay` (bin/seatpay.js runs `main`): the SDK as a command for shells, cron and CI. It uses
// only what the package's entries export. Every mistake is one line on stderr, never a stack, and
// nothing it writes holds a secret it knows (known-secrets.ts).

const COMMANDS: readonly Command[] = [purchase, checkout, seats, team, upload, journal];

const HELP = `seatpay ${VERSION}: purchases, top-ups, seats and uploads from a shell, cron or CI.

Usage: seatpay <command> [options]     (seatpay <command> --help for its options)

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)} ${command.summary}`).join('\n')}

The token comes from SEATPAY_TOKEN or --token-file <path>, a card from --card-file <path> or
SEATPAY_CARD (JSON), the service from SEATPAY_BASE_URL: never from the command line, and
never printed, whatever the service echoes. SEATPAY_IDENTITY (or --identity) names who keys
belong to when tokens rotate. Results go to stdout (--json for JSON), progress and diagnostics
to stderr.
Exit codes: 0 done, 1 failed (nothing charged), 2 usage or input mistake (nothing sent),
3 outcome unknown or rows to settle (never for a read), 130 stopped by Ctrl-C.
`;

/** What `main` runs with: the process's streams, environment and Ctrl-C, or a test's. */
export interface Io {
  streams: Streams;
  env: Environment;
  signal: AbortSignal;
}

/** Ctrl-C aborts what runs (it stops cleanly, recording what it must); a second one exits. */
function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    controller.abort();
    process.once('SIGINT', () => process.exit(INTERRUPTED));
  });
  return controller.signal;
}

/** One line, whatever the message held. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, '; ');

function explain(error: unknown, command: Command | undefined): string {
  if (error instanceof AdvisedError) return `${explain(error.error, command)}; ${error.advice}`;
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError)
    return `${message} (see seatpay ${command ? `${command.name} ` : ''}--help)`;
  if (exitCodeOf(error) === INTERRUPTED) return 'stopped by Ctrl-C; nothing was left half done';
  return message;
}

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
    if (argv[0] === '--help' || argv[0] === '-h') return print(io, HELP);
    if (argv[0] === '--version' || argv[0] === '-v') return print(io, VERSION);
    const names = COMMANDS.map((known) => known.name).join(', ');
    throw new UsageError(
      argv[0] === undefined
        ? `no command given; one of ${names}`
        : `unknown command "${argv[0]}"; one of ${names}`,
    );
  }
  const rest = argv.slice(1);
  if (rest.includes('--help') || rest.includes('-h')) return print(io, command.help);
  return command.run(rest, { output, env: io.env, signal: io.signal, secrets });
}

/** Runs `seatpay` with these arguments and resolves with its exit code. */
export async function main(argv: readonly string[], io?: Partial<Io>): Promise<ExitCode> {
  const env = io?.env ?? process.env;
  const secrets = KnownSecrets.of(env);
  const full: Io = {
    streams: secrets.streams(io?.streams ?? PROCESS_STREAMS),
    env,
    signal: io?.signal ?? interruptSignal(),
  };
  const command = COMMANDS.find((known) => known.name === argv[0]);
  try {
    return await dispatch(argv, full, command, secrets);
  } catch (error) {
    full.streams.stderr.write(`seatpay: ${explain(error, command)}\n`);
    const cause = error instanceof AdvisedError ? error.error : error;
    return cause instanceof UsageError ? USAGE : exitCodeOf(cause);
  }
}
