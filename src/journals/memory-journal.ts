import { compareKeys, isPrunable } from './record-rules.js';
import { isFree, parseRecord } from './stored-record.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { isHeldClaim, type HeldClaim } from './held-claim.js';
import { pairedWithSet } from './held-writer.js';
import { answeringAtOnce } from './settled-answers.js';

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
  // The keys in ascending order, kept until one is added or removed: sorting them all again for
  // each page made `client.journal.list()` of 100,000 records 5 s of CPU (BENCHMARKS.md).
  let inOrder: string[] | undefined;
  const write = (key: string, record: JournalRecord) => {
    if (!records.has(key)) inOrder = undefined;
    records.set(key, JSON.stringify(record));
  };
  const remove = (key: string) => {
    if (!records.delete(key)) return false;
    inOrder = undefined;
    return true;
  };
  return pairedWithSet({
    // Settled when returned: a keyed call waits for them without a race (settled-answers.ts).
    get: answeringAtOnce(async (key: string) => read(key)),
    set: answeringAtOnce(async (key: string, record: JournalRecord) => write(key, record)),
    claim: answeringAtOnce(async (key: string, record: JournalRecord) => {
      if (!isFree(read(key))) return false;
      write(key, record);
      return true;
    }),
    setIfHeld: answeringAtOnce(async (key: string, record: JournalRecord, held: HeldClaim) => {
      if (!isHeldClaim(read(key), held)) return false;
      write(key, record);
      return true;
    }),
    list: async ({ after, limit } = {}) => {
      const keys = (inOrder ??= [...records.keys()].sort(compareKeys));
      let from = 0; // the first key after `after`: a binary search
      for (let to = keys.length; after !== undefined && from < to;) {
        const mid = (from + to) >>> 1;
        if (keys[mid]! > after) to = mid;
        else from = mid + 1;
      }
      const page = keys.slice(from, limit === undefined ? undefined : from + limit);
      return page.map((key) => ({ key, record: read(key)! }));
    },
    delete: async (key) => void remove(key),
    prune: async (olderThan) =>
      [...records.keys()].filter((key) => isPrunable(read(key)!, olderThan) && remove(key)).length,
    ...(options.lease === undefined ? {} : { lease: options.lease }),
  });
}
