// A memoryJournal that keeps, as JSON, every record a keyed call stores in it (its claim and its
// outcome): what a test searches for a secret that must not be recorded.
import { memoryJournal, type JournalRecord } from '../../src/index.js';

export function recordingJournal() {
  const stored: string[] = [];
  const memory = memoryJournal();
  const journal = {
    get: (key: string) => memory.get(key),
    claim: (key: string, record: JournalRecord) => {
      stored.push(JSON.stringify(record));
      return memory.claim!(key, record);
    },
    set: (key: string, record: JournalRecord) => {
      stored.push(JSON.stringify(record));
      return memory.set(key, record);
    },
  };
  return { journal, stored };
}
