import { JournalError } from './journal-errors.js';
import type { JournalRecord } from './journal.js';

// What a journal holds, read back: its own records or nothing (journal.ts re-exports these).

/**
 * A stored record, or undefined for nothing stored. Anything else (not JSON, not an object with a
 * known `stage`) is someone else's data: a {@link JournalError} naming `where`, never "nothing".
 */
export function parseRecord(
  text: string | null | undefined,
  where: string,
  path?: string,
): JournalRecord | undefined {
  if (text === undefined || text === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new JournalError(`The ${where} holds a record that is not JSON; fix or move it`, {
      path,
      cause: error,
    });
  }
  return checkRecord(value, where, path);
}

const STAGES = new Set(['paying', 'refused', 'paid', 'subscribed', 'done', 'sending']);

/** `value` as a record, or a {@link JournalError}: a journal holds its own records or nothing. */
export function checkRecord(value: unknown, where: string, path?: string): JournalRecord {
  const record = value as Partial<JournalRecord> | null;
  const ok =
    typeof record === 'object' &&
    record !== null &&
    !Array.isArray(record) &&
    typeof record.stage === 'string' &&
    STAGES.has(record.stage) &&
    (record.kind === undefined || record.kind === 'purchase' || record.kind === 'checkout');
  if (!ok) {
    // Its shape, never its content (a record may quote what a call sent): what to change.
    const found =
      typeof record === 'string'
        ? 'a string (JSON text?)'
        : Array.isArray(record)
          ? 'a list (rows?)'
          : record === null
            ? 'null'
            : typeof record === 'object'
              ? 'an object of another shape (its `stage` or `kind`)'
              : `a ${typeof record}`;
    throw new JournalError(
      `The ${where} holds ${found}, not a seatpay record: fix or move it. A journal of your own: its get (and list) must resolve with the very object its set and claim were given (parse a JSON column; not its row nor a list of rows)`,
      { path },
    );
  }
  return record as JournalRecord;
}

/**
 * Whether a key with this record may be claimed: no record, or a refused call's (nothing charged;
 * a key settled as not charged is recorded as refused).
 */
export function isFree(record: JournalRecord | undefined): boolean {
  return record === undefined || record.stage === 'refused';
}
