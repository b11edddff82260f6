import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { format } from 'node:util';
import {
  createClient,
  type Logger,
  type ProfileName,
  type PurchaseJournal,
  type SeatpayClient,
} from '../index.js';
import { fileJournal } from '../node.js';
import { postgresJournal } from '../postgres.js';
import { wholeNumber } from './arguments.js';
import { SECRET_URL_PARAM, urlSecrets, type KnownSecrets } from './known-secrets.js';
import type { Output } from './output.js';
import { type Environment } from './known-secrets.js';
import { readToken } from './secrets.js';
import { UsageError } from './usage-error.js';
import { givenValue } from './unknown-name.js';

/**
 * A journal's place that reads as a URL with a password but not postgres:// (`postgress://`,
 * `postgres:/`, `pg://`, or a space before it) was taken for a file's path and quoted whole, the
 * password in it (review20c): refused without quoting it. So is libpq's keyword form
 * (`host=db password=...`), which no part of seatpay reads (redteam60).
 */
export function refuseMistypedUrl(where: string): void {
  if (/^\s*[a-z][a-z0-9+.-]*:\/*[^/@\s]*:[^@\s]*@/i.test(where))
    throw new UsageError(
      "the journal reads as a database URL with a password (not shown), but a journal's URL starts postgres:// or postgresql://, with nothing before it: check its scheme in --journal or SEATPAY_JOURNAL",
    );
  if (/(?:^|\s)(?:ssl)?password\s*=/i.test(where))
    throw new UsageError(
      'the journal reads as a libpq connection string with a password (not shown), which seatpay does not read: give the database as postgres://user@host/db in SEATPAY_JOURNAL, the password in it or in PGPASSWORD',
    );
}

/** What every command runs with. */
export interface Context {
  output: Output;
  env: Environment;
  /** Fires on the first Ctrl-C or SIGTERM: a single call stops, a batch starts no new row. */
  signal: AbortSignal;
  /** The secrets this run knows: every write hides them. */
  secrets: KnownSecrets;
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
    throw new UsageError(`--profile must be spec or deployed, not ${givenValue(profile)}`);
  return profile as ProfileName;
}

/** `--academy <id>`, a positive whole number, when given. */
export function academyOf(values: GlobalValues): number | undefined {
  return values.academy === undefined ? undefined : wholeNumber('--academy', values.academy);
}

type Setting = Pick<Context, 'env' | 'secrets' | 'output'>;

/**
 * The client's log lines (retries, at `SEATPAY_LOG` level) on the command's stderr, through the
 * same hiding as every other line: a service's message quoted in a retry line may echo a secret
 * the client does not know of (the database password).
 */
function loggerOf(output: Output): Logger {
  const line = (message: string, ...rest: unknown[]) => output.note(format(message, ...rest));
  return { error: line, warn: line, info: line, debug: line };
}

/**
 * Makes clients as the flags and the environment describe them (the token read once, from the
 * environment or a file): one per batch row where each needs its own (a purchase).
 */
export async function clientsOf(
  values: GlobalValues,
  context: Setting,
): Promise<() => SeatpayClient> {
  const { env, secrets, output } = context;
  const baseUrl = values['base-url'] ?? env.SEATPAY_BASE_URL;
  if (!baseUrl)
    throw new UsageError('no service address: set SEATPAY_BASE_URL or pass --base-url <url>');
  // The client's own "Invalid baseUrl" names neither the variable nor the flag it came from.
  if (!/^https?:\/\/./i.test(baseUrl))
    throw new UsageError(
      `${values['base-url'] === undefined ? 'SEATPAY_BASE_URL' : '--base-url'} must be an address that starts with http:// or https:// (https://api.example.com, or the http://127.0.0.1:4010 seatpay-mock prints)`,
    );
  const token = await readToken(values['token-file'], env, secrets);
  const academy = academyOf(values);
  const profile = profileOf(values, env);
  const logger = loggerOf(output);
  return () =>
    createClient({
      baseUrl,
      token,
      profile,
      logger,
      ...(academy === undefined ? {} : { academy }),
    });
}

/** The client the flags and the environment describe; its token from the environment or a file. */
export async function clientOf(values: GlobalValues, context: Setting): Promise<SeatpayClient> {
  return (await clientsOf(values, context))();
}

/** The address of a client that is never asked to send: `.invalid` never resolves (RFC 2606). */
const NO_SERVICE = 'http://journal-only.invalid';

/**
 * A client for what touches only the journal (`journal list`, `journal settle`): nothing is sent,
 * so neither a service address (one given is not even read) nor a token is needed. `withToken`
 * when the key's owner must be proven by the token (a record written without `--identity`): then
 * one is read as for any call; else the client has a token provider that is never asked.
 */
export async function journalClientOf(
  values: GlobalValues,
  context: Setting,
  withToken: boolean,
): Promise<SeatpayClient> {
  const token = withToken
    ? await readToken(values['token-file'], context.env, context.secrets)
    : () => Promise.reject(new UsageError('no token: set SEATPAY_TOKEN or pass --token-file'));
  const logger = loggerOf(context.output);
  const profile = profileOf(values, context.env);
  return createClient({ baseUrl: NO_SERVICE, token, profile, logger });
}

/** A journal opened for one run: `close()` once done (a database pool would keep Node alive). */
export interface OpenJournal {
  journal: PurchaseJournal;
  close(): Promise<void>;
}

/**
 * A postgres:// URL from the flag must carry no password, neither as `user:password@` nor as a
 * query parameter (`?password=`, `sslpassword=` ...): argv shows in `ps`. The message names where
 * to put it, never what it is.
 */
function refusePasswordInArgv(url: string): void {
  if (!URL.canParse(url)) throw new UsageError('--journal is not a valid postgres:// URL');
  const parsed = new URL(url);
  const param = [...parsed.searchParams.keys()].find((name) => SECRET_URL_PARAM.test(name));
  if (parsed.password || param !== undefined)
    throw new UsageError(
      `--journal holds a database password: ${param === undefined ? 'user:password@' : `its ${param} parameter`}; the command line shows in \`ps\`; put the password in PGPASSWORD or ~/.pgpass, or the whole URL in SEATPAY_JOURNAL`,
    );
}

/**
 * A journal file whose folder does not exist (a mistyped `--journal nodir/j.db`) is an input
 * mistake, exit 2 before anything is sent: run again as it is, it would fail the same way.
 */
function refuseMissingFolder(file: string): void {
  const folder = dirname(file);
  if (!existsSync(folder))
    throw new UsageError(
      `the journal's folder ${folder} does not exist (a run makes the journal file, not its folder): create the folder or fix --journal (or SEATPAY_JOURNAL)`,
    );
}

/**
 * The journal `--journal` (or `SEATPAY_JOURNAL`) names: a file path (`fileJournal`, the durable
 * Node journal) or a `postgres://` URL (`postgresJournal`, shared by many machines; the password
 * from PGPASSWORD or SEATPAY_JOURNAL). Money commands need one: it is what keeps a re-run from
 * paying twice.
 */
export function journalOf(spec: string | undefined, context: Setting): OpenJournal {
  const where = spec ?? context.env.SEATPAY_JOURNAL;
  if (!where)
    throw new UsageError(
      'no journal: pass --journal <file> (or set SEATPAY_JOURNAL); it records each key so that a re-run never pays twice',
    );
  if (!/^postgres(ql)?:\/\//i.test(where)) {
    refuseMistypedUrl(where);
    refuseMissingFolder(where);
    return { journal: fileJournal(where), close: async () => undefined };
  }
  if (spec !== undefined) refusePasswordInArgv(spec);
  context.secrets.add(...urlSecrets(where));
  const journal = postgresJournal(where);
  return { journal, close: () => journal.close() };
}
