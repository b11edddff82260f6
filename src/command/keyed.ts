import type { PurchaseJournal } from '../index.js';
import { wholeNumber } from './arguments.js';
import { hasUnsafeCharacter, printableField } from './printable.js';
import { UsageError } from './usage-error.js';

// What the money commands (purchase, checkout) share: a key per order, a journal, and the
// advice for an order whose outcome is unknown.

/** Whether the journal already holds this key's finished result: the call will replay it. */
export async function isFinished(journal: PurchaseJournal, key: string): Promise<boolean> {
  const record = await journal.get(key);
  return record?.stage === 'done';
}

/**
 * A key is printed (each row's line, the advice to settle it) and recorded: a line break would
 * forge a row line, an escape sequence would reach the terminal. Refused, with where it is.
 */
function checkedKey(where: string, key: string): string {
  const at = [...key].findIndex((char) => hasUnsafeCharacter(char));
  if (at >= 0)
    throw new UsageError(
      `${where} holds a control character (${printableField([...key][at]!)} at character ${at + 1}: a line break, tab or terminal escape); use letters, digits and punctuation`,
    );
  return key;
}

/** `--key`, needed for every money call. */
export function keyOf(key: string | undefined): string {
  if (key === undefined || key.trim() === '')
    throw new UsageError(
      '--key is missing: give the order a key of your own (an order id); a re-run with the same key and journal never pays twice',
    );
  return checkedKey('--key', key);
}

/** What to do about a key that may have been charged. */
export function settleAdvice(key: string, journal: string | undefined): string {
  const where = journal === undefined ? '' : ` --journal ${journal}`;
  return `check with \`seatpay journal reconcile ${key}${where}\` before buying it again under a new key`;
}

/** `--concurrency`, 1 to 64 rows at once (default 4). */
export function concurrencyOf(value: string | undefined): number {
  return value === undefined ? 4 : wholeNumber('--concurrency', value, 1, 64);
}

/** A CSV field that must be a whole number, as its flag would be (1 to 2^31 - 1). */
export function rowNumber(column: string, value: string | undefined): number {
  return wholeNumber(column, value ?? '');
}

/** A CSV field that must be there. */
export function rowText(column: string, value: string | undefined): string {
  if (value === undefined || value === '') throw new UsageError(`${column} is empty`);
  return value;
}

/** A CSV row's key: there, and printable. */
export function rowKey(value: string | undefined): string {
  return checkedKey('key', rowText('key', value));
}
