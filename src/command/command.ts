import type { Context } from './context.js';
import type { ExitCode } from './exit-codes.js';

/** One `seatpay <name>` command. */
export interface Command {
  name: string;
  /** One line, for `seatpay --help`. */
  summary: string;
  /** `seatpay <name> --help`. */
  help: string;
  run(argv: readonly string[], context: Context): Promise<ExitCode>;
}

/** Help and version: taken everywhere, `seatpay --help` and each command's help list them alike. */
export const HELP_AND_VERSION = `  -h, --help                 print this help
  -v, --version              print seatpay's version`;

/** The global flags, as each command's help lists them. */
export const GLOBAL_HELP = `Global options:
      --json                 results as JSON on stdout (one object per line for
                             lists and batches)
      --profile <name>       spec (SERVICE.md, default) or deployed
                             (SEATPAY_PROFILE)
      --academy <id>         the academy, as the deployed server needs it
      --base-url <url>       the service (default SEATPAY_BASE_URL)
      --token-file <path>    read the token from this file, - for stdin
                             (default SEATPAY_TOKEN)
${HELP_AND_VERSION}`;
