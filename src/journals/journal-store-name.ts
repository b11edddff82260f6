/**
 * The store a journal seatpay ships writes (a file's path, a PostgreSQL table), named on the
 * journal object: two objects opened on one store in one process (`fileJournal(path)` opened per
 * request) take their decisions on a key in turns, as one object's do (decision-turns.ts). A
 * registered symbol: `seatpay/node` and `seatpay` loaded as two copies still agree. Not
 * enumerable: a journal of the user's spread from ours (its own `set`) is a journal of its own.
 */
const STORE = Symbol.for('seatpay.journal.store');

/** `journal`, named as writing `store` (a function: named anew each time it is asked). */
export function namingStore<J extends object>(
  journal: J,
  store: string | (() => string) | undefined,
): J {
  if (typeof store === 'function') Object.defineProperty(journal, STORE, { get: store });
  else if (store !== undefined) Object.defineProperty(journal, STORE, { value: store });
  return journal;
}

/** The store `journal` names, if it is one of ours. */
export function storeNameOf(journal: object): string | undefined {
  const name: unknown = (journal as { [STORE]?: unknown })[STORE];
  return typeof name === 'string' ? name : undefined;
}
