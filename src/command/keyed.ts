import {
  PurchaseError,
  SettledKeyError,
  UnsettledKeyError,
  type PurchaseJournal,
  type Settlement,
} from '../index.js';
import { wholeNumber } from './arguments.js';
import { exitCodeOf, UNSETTLED } from './exit-codes.js';
import { hasUnsafeCharacter, printableField } from './printable.js';
import type { Environment } from './known-secrets.js';
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
  const checked = checkedKey('--key', key);
  // A CSV field is read without the spaces around it: with them, one order would be two keys.
  if (checked !== checked.trim())
    throw new UsageError(
      `--key has a space at its start or end (${JSON.stringify(checked)}); a CSV row's key is read without them, so the same order there would be another key: give it as ${JSON.stringify(checked.trim())}`,
    );
  return checked;
}

/**
 * `--identity <id>` or `SEATPAY_IDENTITY`: who a key belongs to when not the token (docs/keys.md).
 * Give the same one to every run, reconcile and settle of a key, and a rotated token still
 * finishes, reconciles and settles it.
 */
export function identityOf(flag: string | undefined, env: Environment): string | undefined {
  const identity = flag ?? env.SEATPAY_IDENTITY;
  if (identity === undefined) return undefined;
  if (identity.trim() === '')
    throw new UsageError(
      `${flag === undefined ? 'SEATPAY_IDENTITY' : '--identity'} is empty; give your own user id, or leave it out`,
    );
  return identity;
}

/** A word as a shell reads it back: quoted when it holds anything but plain characters. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** The flags that find a key again: the journal given on the command line, and the identity. */
export function keyFlags(journal: string | undefined, identity: string | undefined): string {
  return [
    ...(journal === undefined ? [] : [` --journal ${shellWord(journal)}`]),
    ...(identity === undefined ? [] : [` --identity ${shellWord(identity)}`]),
  ].join('');
}

/** What to do about a key that may have been charged: the command line that settles it. */
export function settleAdvice(key: string, flags: string): string {
  return `check with \`seatpay journal reconcile ${shellWord(key)}${flags}\` before buying it again under a new key`;
}

/**
 * A key an operator settled as charged: done, from the command's view, as a replay is (nothing
 * is sent, nothing is left to settle). A class, so that no answer's fields can pass for one.
 */
export class SettledAsCharged {
  readonly replayed = true;

  constructor(
    readonly key: string,
    readonly settled: Settlement,
  ) {}

  /** How it is told. */
  describe(): string {
    const { at, by, reason } = this.settled;
    return `${this.key}: already done (settled as charged at ${at} by ${by}: ${reason}); nothing sent`;
  }
}

/**
 * The library's own advice in an error's message (`Settle it: client.journal.reconcile(...) ...
 * (command: ...)`, core/errors/journal-errors.ts howToSettle): the command gives its own, as
 * command lines, once.
 */
const LIBRARY_ADVICE = /\.?\s*Settle it: client\.journal\.reconcile\(.*?--journal <j>\)/gs;

/** The library's advice for a purchase paid (purchase-error.ts): the command gives its own too. */
const PAID_ADVICE =
  /\.\s*Do not buy again: (?:run the purchase again with the key .*?never paying twice|the subscription it paid for appears by itself \(.*?\))$/s;

/** Whether a failed order's card WAS charged (a purchase whose wait ran out): a re-run finishes it. */
export function paidFor(error: unknown): boolean {
  const cause = error instanceof UnsettledKeyError ? error.cause : error;
  return cause instanceof PurchaseError && cause.charged === 'yes';
}

/**
 * Runs a money call as the command shows it: a key settled as charged is done (its settlement
 * is the result), and a failure whose outcome is unknown says so without the library's advice
 * (the command adds its own command lines) and still exits 3.
 */
export async function asCommand<T>(
  key: string,
  call: () => Promise<T>,
): Promise<T | SettledAsCharged> {
  try {
    return await call();
  } catch (error) {
    const cause = error instanceof PurchaseError ? error.cause : error;
    if (cause instanceof SettledKeyError) return new SettledAsCharged(key, cause.settlement);
    if (exitCodeOf(error) !== UNSETTLED || !(error instanceof Error)) throw error;
    LIBRARY_ADVICE.lastIndex = 0;
    const ownMessage = error instanceof UnsettledKeyError && LIBRARY_ADVICE.test(error.message);
    const message = ownMessage
      ? `An earlier call with the key "${key}" was sent and its outcome is unknown; it is not sent again`
      : error.message
          .replace(LIBRARY_ADVICE, '')
          .replace(PAID_ADVICE, '')
          .replace(/\s*\.$/, '');
    throw new UnsettledKeyError(key, { message, cause: error });
  }
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
