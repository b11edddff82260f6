import { JournalError } from './journal-errors.js';

/**
 * A journal seen to be inconsistent by one run (loose14b): its `claim` of the key was refused (the
 * key has a record, it said), yet its `get` of the same key then found none. A journal whose `get`
 * never finds what its `claim` stored looked like another run holding the key, the call waiting
 * out its timeout for a `KeyInProgressError` ("in progress elsewhere") that was never so.
 */
export function unseenClaimError(key: string): JournalError {
  return new JournalError(
    `The journal refused to claim the key "${key}" (it said the key has a record), yet its get then found no record of it: this journal's get does not find what its claim stores. Make get read the record claim and set write (the same store, the same key); nothing was sent by this call`,
  );
}
