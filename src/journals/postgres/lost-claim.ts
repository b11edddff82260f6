import { JournalError } from '../journal-errors.js';
import type { PgQueryable, PgResult } from './pg-queryable.js';

/**
 * Whether a failed statement may have committed with its answer lost: the connection failed (no
 * answer from the server, or a connection or shutdown SQLSTATE), not a statement the server
 * refused (which did nothing).
 */
export function answerLost(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  if (typeof severity !== 'string' || typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57P');
}

/**
 * A claim whose answer was lost may have landed: the key would stay "sending" though nothing was
 * sent, and unknown to every later run. Its own record (the same JSON: this run's holder and
 * lease) is taken back on another of the pool's connections, and the call fails as not sent, safe
 * to retry. A record that is not this run's claim stays; if that statement fails too, the claim
 * is left as it may be (the failure as it was: unknown, settleable as any other).
 */
export async function takeBackLostClaim(
  pool: PgQueryable,
  unclaim: string,
  row: unknown[],
  key: string,
  failure: JournalError,
): Promise<void> {
  let taken: PgResult;
  try {
    taken = await pool.query(unclaim, [row[0], row[1]]);
  } catch {
    return;
  }
  if (taken.rowCount !== 1) return;
  throw new JournalError(
    `The PostgreSQL journal's connection failed while it claimed the key "${key}": the claim was taken back and nothing was sent, safe to retry (${failure.message})`,
  );
}
