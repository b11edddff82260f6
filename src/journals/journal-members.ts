import { JournalError } from './journal-errors.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { PurchaseJournal } from './journal.js';

/** Every member of a journal seatpay reads (journal.ts). */
const MEMBERS = ['get', 'set', 'claim', 'setIfHeld', 'list', 'delete', 'prune', 'lease', 'now'];

/** What hides the client's secrets in what a journal threw. */
type Secrets = { cause(thrown: unknown): unknown } | undefined;

/**
 * Reads each member of `journal` once, before any of its records is (nothing sent yet): a
 * read that throws (a Proxy's `get` trap, a getter) is a {@link JournalError} here, as a journal
 * method that throws is, its cause with the client's `secrets` hidden (redteam25: a raw `Error` escaped a keyed
 * checkout, a purchase, `client.journal.*`). A journal given (not `undefined`: the client's own)
 * must be an object with `get` and `set` functions, as read here (read again, a getter that throws
 * only then escaped raw: redteam28), else an `InvalidRequestError`.
 */
export function readableJournal(journal: PurchaseJournal | undefined, secrets: Secrets): void {
  if (journal === undefined) return;
  const members =
    (typeof journal === 'object' && journal !== null) || typeof journal === 'function';
  const read = members
    ? readMember(
        () => MEMBERS.map((name) => (journal as unknown as Record<string, unknown>)[name]),
        secrets,
      )
    : [];
  if (
    typeof journal !== 'object' ||
    typeof read[0] !== 'function' ||
    typeof read[1] !== 'function'
  ) {
    throw new InvalidRequestError('Invalid journal: must have get(key) and set(key, record)', {
      field: 'journal',
    });
  }
}

/**
 * `read()` of a journal's members, outside any of its calls: a read that throws (a getter that
 * throws only on a later read, redteam28) is the {@link JournalError} {@link readableJournal}'s is.
 */
export function readMember<T>(read: () => T, secrets: Secrets): T {
  try {
    return read();
  } catch (error) {
    throw new JournalError(
      'The journal could not be read: reading one of its members (get, set, claim, lease, now ...) threw; fix the journal (see cause) and call again',
      { cause: secrets ? secrets.cause(error) : error },
    );
  }
}
