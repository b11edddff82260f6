import { memoryJournal, type PurchaseJournal } from '../../src/index.js';

/**
 * A memory journal (its members bound, as a user's wrapper holds them) whose member `name` is a
 * getter that throws an Error quoting `secret` whenever `throws()` says so (each read asks).
 */
export function journalWithThrowingGetter(
  name: string,
  secret: string,
  throws: () => boolean,
): PurchaseJournal {
  const store = memoryJournal() as unknown as Record<string, unknown>;
  const journal: Record<string, unknown> = {};
  for (const key of Object.keys(store)) {
    const value = store[key];
    journal[key] = typeof value === 'function' ? (value as () => unknown).bind(store) : value;
  }
  const value = journal[name];
  return Object.defineProperty(journal, name, {
    get() {
      if (throws()) throw new Error(`journal ${name} read failed ${secret}`);
      return value;
    },
    enumerable: true,
  }) as unknown as PurchaseJournal;
}
