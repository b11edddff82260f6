// The simplest journal a user may write: a Map that keeps the very objects it is given (no JSON
// copy, no lease or clock of its own), its claim the first record of a key or over a refused one.
import type { JournalRecord, PurchaseJournal } from '../../src/index.js';

export type MapJournal = PurchaseJournal & { records: Map<string, JournalRecord> };

export function mapJournal(): MapJournal {
  const records = new Map<string, JournalRecord>();
  return {
    records,
    get: async (key) => records.get(key),
    set: async (key, record) => void records.set(key, record),
    claim: async (key, record) => {
      const found = records.get(key);
      if (found && found.stage !== 'refused') return false;
      records.set(key, record);
      return true;
    },
  };
}
