// A resume store of a user's own that loses one write during the chunks (a quota, a timeout) and
// has no working `delete`: before finalize, the record it kept cannot be deleted, so the upload
// empties it, and the emptied record says "finalize sent".
import type { UploadRecord, UploadStore } from '../../../src/index.js';

/** A store in a Map whose one write naming two acknowledged chunks fails; it cannot delete. */
export function storeThatFailsOnceAndCannotDelete() {
  const records = new Map<string, UploadRecord>();
  let failed = false;
  const store: UploadStore = {
    get: async (key) => records.get(key),
    set: async (key, record) => {
      if (!failed && record.acknowledged.length === 2) {
        failed = true;
        throw new Error('quota exceeded');
      }
      records.set(key, structuredClone(record));
    },
    delete: async () => {
      throw new Error('this store cannot delete');
    },
  };
  return { store, records };
}
