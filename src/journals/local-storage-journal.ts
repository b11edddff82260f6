import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { JournalError } from './journal-errors.js';
import { isPrunable, pageOf } from './record-rules.js';
import type { PurchaseJournal } from './journal.js';
import { isFree, parseRecord } from './stored-record.js';
import { isHeldClaim } from './held-claim.js';
import { pairedWithSet } from './held-writer.js';

/**
 * A journal in the browser's `localStorage` (or any Web Storage given as `storage`), so that a
 * purchase interrupted by a reload or a closed tab is never paid twice: the next `purchase()` with
 * the same key waits for the subscription of the recorded payment instead. Records live under
 * `prefix + key`. Tabs share it; within one tab a claim is atomic. `list`, `delete` and `prune`
 * need a whole Web Storage (`length`, `key`, `removeItem`), as `localStorage` is.
 *
 * @example
 * ```ts
 * import { localStorageJournal } from 'seatpay';
 *
 * const journal = localStorageJournal();
 * await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: cartId, journal });
 * ```
 * @category Helpers
 */
export function localStorageJournal(
  options: {
    /** Where records are kept; default `globalThis.localStorage`. */
    storage?: Pick<Storage, 'getItem' | 'setItem'> & Partial<Storage>;
    /** Put before each key; default `'seatpay:purchase:'`. */
    prefix?: string;
    /** How long a claim of a closed tab holds its key (see `PurchaseJournal.lease`); default 30,000 ms. */
    lease?: number;
  } = {},
): PurchaseJournal {
  const storage =
    options.storage ??
    (globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem'> & Partial<Storage> })
      .localStorage;
  if (!storage) {
    throw new InvalidRequestError('localStorageJournal: no localStorage here; pass `storage`', {
      field: 'storage',
    });
  }
  const prefix = options.prefix ?? 'seatpay:purchase:';
  const read = (key: string) =>
    parseRecord(storage.getItem(prefix + key), `localStorage journal (${prefix + key})`);
  return pairedWithSet({
    get: async (key) => read(key),
    set: async (key, record) => storage.setItem(prefix + key, JSON.stringify(record)),
    // Synchronous check and write: nothing else in this tab runs in between.
    claim: async (key, record) => {
      if (!isFree(read(key))) return false;
      storage.setItem(prefix + key, JSON.stringify(record));
      return true;
    },
    setIfHeld: async (key, record, held) => {
      if (!isHeldClaim(read(key), held)) return false;
      storage.setItem(prefix + key, JSON.stringify(record));
      return true;
    },
    list: async (options) =>
      pageOf(keysOf(storage, prefix), options).map((key) => ({ key, record: read(key)! })),
    delete: async (key) => removing(storage)(prefix + key),
    prune: async (olderThan) => {
      const remove = removing(storage);
      const old = keysOf(storage, prefix).filter((key) => isPrunable(read(key)!, olderThan));
      for (const key of old) remove(prefix + key);
      return old.length;
    },
    ...(options.lease === undefined ? {} : { lease: options.lease }),
  });
}

/** The keys stored under `prefix` (their records read as any other). */
function keysOf(storage: Partial<Storage>, prefix: string): string[] {
  const { key } = storage;
  if (typeof key !== 'function' || typeof storage.length !== 'number') {
    throw new JournalError('This storage cannot list its keys (it has no length and key())');
  }
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const name = key.call(storage, index);
    if (name?.startsWith(prefix)) keys.push(name.slice(prefix.length));
  }
  return keys;
}

function removing(storage: Partial<Storage>): (name: string) => void {
  const { removeItem } = storage;
  if (typeof removeItem !== 'function') {
    throw new JournalError('This storage cannot remove items (it has no removeItem())');
  }
  return (name) => removeItem.call(storage, name);
}
