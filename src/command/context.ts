import {
  createClient,
  type ProfileName,
  type PurchaseJournal,
  type SeatpayClient,
} from '../index.js';
import { fileJournal } from '../node.js';
import { postgresJournal } from '../postgres.js';
import { wholeNumber } from './arguments.js';
import type { Output } from './output.js';
import { readToken, type Environment } from './secrets.js';
import { UsageError } from './usage-error.js';

/** What every command runs with. */
export interface Context {
  output: Output;
  env: Environment;
  /** Fires on the first Ctrl-C or SIGTERM: a single call stops, a batch starts no new row. */
  signal: AbortSignal;
  /** Fires on the second Ctrl-C or SIGTERM: a batch's rows in flight stop too (default: signal). */
  abort?: AbortSignal;
  /** Fires when stdout or stderr was closed by its reader: a batch starts no new row. */
  closed?: AbortSignal;
}

/** The global flags as parsed. */
export interface GlobalValues {
  profile?: string | undefined;
  academy?: string | undefined;
  'base-url'?: string | undefined;
  'token-file'?: string | undefined;
}

const PROFILES: readonly string[] = ['spec', 'deployed'];

/** `--profile` or `SEATPAY_PROFILE`, checked. */
export function profileOf(values: GlobalValues, env: Environment): ProfileName {
  const profile = values.profile ?? env.SEATPAY_PROFILE ?? 'spec';
  if (!PROFILES.includes(profile))
    throw new UsageError(`--profile must be spec or deployed, not "${profile}"`);
  return profile as ProfileName;
}

/** `--academy <id>`, a positive whole number, when given. */
export function academyOf(values: GlobalValues): number | undefined {
  return values.academy === undefined ? undefined : wholeNumber('--academy', values.academy);
}

/**
 * Makes clients as the flags and the environment describe them (the token read once, from the
 * environment or a file): one per batch row where each needs its own (a purchase).
 */
export async function clientsOf(
  values: GlobalValues,
  env: Environment,
): Promise<() => SeatpayClient> {
  const baseUrl = values['base-url'] ?? env.SEATPAY_BASE_URL;
  if (!baseUrl)
    throw new UsageError('no service address: set SEATPAY_BASE_URL or pass --base-url <url>');
  const token = await readToken(values['token-file'], env);
  const academy = academyOf(values);
  const profile = profileOf(values, env);
  return () =>
    createClient({ baseUrl, token, profile, ...(academy === undefined ? {} : { academy }) });
}

/** The client the flags and the environment describe; its token from the environment or a file. */
export async function clientOf(values: GlobalValues, env: Environment): Promise<SeatpayClient> {
  return (await clientsOf(values, env))();
}

/** A journal opened for one run: `close()` once done (a database pool would keep Node alive). */
export interface OpenJournal {
  journal: PurchaseJournal;
  close(): Promise<void>;
}

/** A postgres:// URL from the flag must not carry the password: argv shows in `ps`. */
function refusePasswordInArgv(url: string): void {
  if (!URL.canParse(url)) throw new UsageError('--journal is not a valid postgres:// URL');
  if (new URL(url).password)
    throw new UsageError(
      '--journal holds a database password: the command line shows in `ps`; put it in PGPASSWORD, or the whole URL in SEATPAY_JOURNAL',
    );
}

/**
 * The journal `--journal` (or `SEATPAY_JOURNAL`) names: a file path (`fileJournal`, the durable
 * Node journal) or a `postgres://` URL (`postgresJournal`, shared by many machines; the password
 * from PGPASSWORD or SEATPAY_JOURNAL). Money commands need one: it is what keeps a re-run from
 * paying twice.
 */
export function journalOf(spec: string | undefined, env: Environment): OpenJournal {
  const where = spec ?? env.SEATPAY_JOURNAL;
  if (!where)
    throw new UsageError(
      'no journal: pass --journal <file> (or set SEATPAY_JOURNAL); it records each key so that a re-run never pays twice',
    );
  if (!/^postgres(ql)?:\/\//i.test(where))
    return { journal: fileJournal(where), close: async () => undefined };
  if (spec !== undefined) refusePasswordInArgv(spec);
  const journal = postgresJournal(where);
  return { journal, close: () => journal.close() };
}
