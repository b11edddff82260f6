import { isPrunable, pageOf } from './record-rules.js';
import { isFree, parseRecord } from './stored-record.js';
import type { PurchaseJournal } from './journal.js';
import { isHeldClaim } from './held-claim.js';
import { pairedWithSet } from './held-writer.js';

/**
 * A journal in memory: it survives nothing but lasts as long as the process, which is what a
 * `key` without a `journal` uses (one per client and the clients made from it with
 * `withOptions`). Records are copied in and out.
 *
 * @example
 * ```ts
 * import { memoryJournal } from 'seatpay';
 *
 * const journal = memoryJournal();
 * await client.purchase({ plan: 'personal', card, chosen_period: 'MONTH', key: 'order-7', journal });
 * ```
 * @category Helpers
 */
export function memoryJournal(options: { lease?: number } = {}): PurchaseJournal {
  const records = new Map<string, string>();
  const read = (key: string) => parseRecord(records.get(key), 'memory journal');
  return pairedWithSet({
    get: async (key) => read(key),
    set: async (key, record) => void records.set(key, JSON.stringify(record)),
    claim: async (key, record) => {
      if (!isFree(read(key))) return false;
      records.set(key, JSON.stringify(record));
      return true;
    },
    setIfHeld: async (key, record, held) => {
      if (!isHeldClaim(read(key), held)) return false;
      records.set(key, JSON.stringify(record));
      return true;
    },
    list: async (options) =>
      pageOf([...records.keys()], options).map((key) => ({ key, record: read(key)! })),
    delete: async (key) => void records.delete(key),
    prune: async (olderThan) =>
      [...records.keys()].filter((key) => isPrunable(read(key)!, olderThan) && records.delete(key))
        .length,
    ...(options.lease === undefined ? {} : { lease: options.lease }),
  });
}
