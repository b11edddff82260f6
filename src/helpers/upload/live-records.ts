import type { UploadStore } from './resume-store.js';

/** An upload whose resume record may still be written: it can be told to stop writing. */
export interface LiveRecord {
  /** Writes no more, and resolves once the write in progress (if any) ended. */
  stopWriting(): Promise<void>;
}

/**
 * The uploads whose records may still be written, by the user's store and key. After an abort
 * the upload's promise settles before its last record write ends; `discardUpload` stops that
 * write first, so a record deleted right after a pause is not written back a moment later.
 */
const live = new WeakMap<UploadStore, Map<string, LiveRecord>>();

export function trackRecord(store: UploadStore, key: string, record: LiveRecord): () => void {
  const byKey = live.get(store) ?? new Map<string, LiveRecord>();
  live.set(store, byKey);
  byKey.set(key, record);
  return () => {
    if (byKey.get(key) === record) byKey.delete(key);
  };
}

/** Stops the writes of the upload recorded under `key` in `store`, if one is still writing. */
export async function stopRecordWrites(store: UploadStore, key: string): Promise<void> {
  await live.get(store)?.get(key)?.stopWriting();
}
