/**
 * The journal operations whose promise is settled when they return it (memoryJournal's: a Map
 * read or written in the call itself). A keyed call waits for them without the race a journal
 * that answers later needs (a timer, a listener on the signal, a promise of its own; issue 37).
 * Marked per function, not per journal: a method a user puts in place of one of these (on the
 * journal or on a copy of it) is not marked, and is raced as any journal's.
 */
const settled = new WeakSet<object>();

/** `operation`, marked as answering with a promise settled when it is returned. */
export function answeringAtOnce<F extends (...args: never[]) => Promise<unknown>>(operation: F): F {
  settled.add(operation);
  return operation;
}

/** Whether `operation` is one of those marked by {@link answeringAtOnce}. */
export function answersAtOnce(operation: unknown): boolean {
  return typeof operation === 'function' && settled.has(operation);
}
