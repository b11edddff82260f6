import type { UploadStore } from './resume-store.js';

/** An upload whose resume record may still be written: it can be told to stop writing. */
export interface LiveRecord {
  /** Writes no more, and resolves once the write in progress (if any) ended. */
  stopWriting(): Promise<void>;
}

/** One live upload's hold on a record: no other upload of this process takes it meanwhile. */
export interface RecordClaim {
  /** The upload now writing the record (what `discardUpload` stops). */
  attach(record: LiveRecord): void;
  /** The upload writes no more: the record is free again. */
  release(): void;
}

/**
 * The records held by live uploads, by the user's store and key. An upload's name is never shared
 * by two sources: two uploads of one resume key at once (two files of one name, size and
 * modification time) would otherwise both take the record's name and mix their chunks, so the
 * second goes without resume. After an abort the upload's promise settles before its last record
 * write ends; `discardUpload` stops that write first, so a record deleted right after a pause is
 * not written back a moment later.
 */
const live = new WeakMap<UploadStore, Map<string, LiveRecord>>();

/**
 * Claims `key` of `store` for one upload, synchronously (two uploads started in one tick cannot
 * both get it), or undefined when a live upload of this process holds it.
 */
export function claimRecord(store: UploadStore, key: string): RecordClaim | undefined {
  const byKey = live.get(store) ?? new Map<string, LiveRecord>();
  live.set(store, byKey);
  if (byKey.has(key)) return undefined;
  let writer: LiveRecord | undefined;
  const entry: LiveRecord = { stopWriting: async () => writer?.stopWriting() };
  byKey.set(key, entry);
  return {
    attach: (record) => void (writer = record),
    release: () => {
      if (byKey.get(key) === entry) byKey.delete(key);
    },
  };
}

/** Stops the writes of the upload recorded under `key` in `store`, if one is still writing. */
export async function stopRecordWrites(store: UploadStore, key: string): Promise<void> {
  await live.get(store)?.get(key)?.stopWriting();
}
