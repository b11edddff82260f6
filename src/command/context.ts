import {
  createClient,
  type ProfileName,
  type PurchaseJournal,
  type SeatpayClient,
} from '../index.js';
import { fileJournal } from '../node.js';
import { wholeNumber } from './arguments.js';
import type { Output } from './output.js';
import { readToken, type Environment } from './secrets.js';
import { UsageError } from './usage-error.js';

/** What every command runs with. */
export interface Context {
  output: Output;
  env: Environment;
  /** Fires on Ctrl-C. */
  signal: AbortSignal;
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

/** The client the flags and the environment describe; its token from the environment or a file. */
export async function clientOf(values: GlobalValues, env: Environment): Promise<SeatpayClient> {
  const baseUrl = values['base-url'] ?? env.SEATPAY_BASE_URL;
  if (!baseUrl)
    throw new UsageError('no service address: set SEATPAY_BASE_URL or pass --base-url <url>');
  const token = await readToken(values['token-file'], env);
  const academy = academyOf(values);
  return createClient({
    baseUrl,
    token,
    profile: profileOf(values, env),
    ...(academy === undefined ? {} : { academy }),
  });
}

/**
 * The journal `--journal` (or `SEATPAY_JOURNAL`) names: a file path, the durable Node journal.
 * Money commands need one: it is what keeps a re-run from paying twice.
 */
export function journalOf(spec: string | undefined, env: Environment): PurchaseJournal {
  const where = spec ?? env.SEATPAY_JOURNAL;
  if (!where)
    throw new UsageError(
      'no journal: pass --journal <file> (or set SEATPAY_JOURNAL); it records each key so that a re-run never pays twice',
    );
  if (/^postgres(ql)?:\/\//i.test(where))
    throw new UsageError(
      'a postgres:// journal needs seatpay/postgres, which this version lacks; pass a file path',
    );
  return fileJournal(where);
}
