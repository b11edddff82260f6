import { JournalError } from './journal-errors.js';
import type { PurchaseJournal } from './journal.js';

/** Every member of a journal seatpay reads (journal.ts). */
const MEMBERS = ['get', 'set', 'claim', 'setIfHeld', 'list', 'delete', 'prune', 'lease', 'now'];

/**
 * Reads each member of `journal` once, before any of its records is (nothing sent yet): a
 * read that throws (a Proxy's `get` trap, a getter) is a {@link JournalError} here, as a journal
 * method that throws is, its cause with the client's `secrets` hidden (redteam25: a raw `Error` escaped a keyed
 * checkout, a purchase, `client.journal.*`). Anything not an object is left to the caller's check.
 */
export function readableJournal(
  journal: PurchaseJournal,
  secrets: { cause(thrown: unknown): unknown } | undefined,
): void {
  if ((typeof journal !== 'object' && typeof journal !== 'function') || journal === null) return;
  try {
    for (const name of MEMBERS) void (journal as unknown as Record<string, unknown>)[name];
  } catch (error) {
    throw new JournalError(
      'The journal could not be read: reading one of its members (get, set, claim, lease, now ...) threw; fix the journal (see cause) and call again',
      { cause: secrets ? secrets.cause(error) : error },
    );
  }
}
