import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { isFree, parseRecord, type PurchaseJournal } from './journal.js';

/**
 * A journal in the browser's `localStorage` (or any Web Storage given as `storage`), so that a
 * purchase interrupted by a reload or a closed tab is never paid twice: the next `purchase()` with
 * the same key waits for the subscription of the recorded payment instead. Records live under
 * `prefix + key`. Tabs share it; within one tab a claim is atomic.
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
    storage?: Pick<Storage, 'getItem' | 'setItem'>;
    /** Put before each key; default `'seatpay:purchase:'`. */
    prefix?: string;
  } = {},
): PurchaseJournal {
  const storage =
    options.storage ??
    (globalThis as { localStorage?: Pick<Storage, 'getItem' | 'setItem'> }).localStorage;
  if (!storage) {
    throw new InvalidRequestError('localStorageJournal: no localStorage here; pass `storage`', {
      field: 'storage',
    });
  }
  const prefix = options.prefix ?? 'seatpay:purchase:';
  const read = (key: string) =>
    parseRecord(storage.getItem(prefix + key), `localStorage journal (${prefix + key})`);
  return {
    get: async (key) => read(key),
    set: async (key, record) => storage.setItem(prefix + key, JSON.stringify(record)),
    // Synchronous check and write: nothing else in this tab runs in between.
    claim: async (key, record) => {
      if (!isFree(read(key))) return false;
      storage.setItem(prefix + key, JSON.stringify(record));
      return true;
    },
  };
}
