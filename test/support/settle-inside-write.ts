// A journal of your own whose `set` settles the key it is writing for a settle (an audit hook):
// the inner settle, started in that very call, and awaited before the write
// (decision-inside-own-write tests).
import type { JournalRecord, PurchaseJournal } from '../../src/index.js';

/**
 * `store` with a `set` that, writing a settle's record, first runs `settle(key, journal)` (once)
 * and waits for it. `innerAfterATurn()`: what the inner settle came to a turn of the event loop
 * after it started (its error, `'settled'`, or `'still waiting'`).
 */
export function settlingInsideWrite(
  store: PurchaseJournal,
  settle: (key: string, journal: PurchaseJournal) => Promise<JournalRecord>,
) {
  let inner: Promise<JournalRecord> | undefined;
  let innerStarted!: () => void;
  const started = new Promise<void>((resolve) => (innerStarted = resolve));
  const journal: PurchaseJournal = {
    ...store,
    set: (key, record, options) => {
      if (record.settled === undefined || inner) return store.set(key, record, options);
      inner = settle(key, journal);
      innerStarted();
      const write = () => store.set(key, record, options);
      return inner.then(write, write);
    },
  };
  const innerAfterATurn = async (): Promise<unknown> => {
    await started;
    return Promise.race([
      inner!.then(
        () => 'settled',
        (error: unknown) => error,
      ),
      new Promise((resolve) => setImmediate(() => resolve('still waiting'))),
    ]);
  };
  return { journal, innerAfterATurn };
}
