import type { PurchaseJournal } from '../index.js';
import { wholeNumber } from './arguments.js';
import { UsageError } from './usage-error.js';

// What the money commands (purchase, checkout) share: a key per order, a journal, and the
// advice for an order whose outcome is unknown.

/** Whether the journal already holds this key's finished result: the call will replay it. */
export async function isFinished(journal: PurchaseJournal, key: string): Promise<boolean> {
  const record = await journal.get(key);
  return record?.stage === 'done';
}

/** `--key`, needed for every money call. */
export function keyOf(key: string | undefined): string {
  if (key === undefined || key.trim() === '')
    throw new UsageError(
      '--key is missing: give the order a key of your own (an order id); a re-run with the same key and journal never pays twice',
    );
  return key;
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

/** A CSV field that must be a whole number, named by its line. */
export function rowNumber(
  file: string,
  line: number,
  column: string,
  value: string | undefined,
): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(
      `${file} line ${line}: ${column} must be a whole number from 1, not "${value ?? ''}"`,
    );
  return Number(value);
}

/** A CSV field that must be there. */
export function rowText(
  file: string,
  line: number,
  column: string,
  value: string | undefined,
): string {
  if (value === undefined || value === '')
    throw new UsageError(`${file} line ${line}: ${column} is empty`);
  return value;
}
