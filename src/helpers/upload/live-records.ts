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
  /**
   * The upload settled; the record is free once `done` (its last write, its lock) ends. An upload
   * of the same key started meanwhile (a resume right after a pause) waits for that, not refused.
   */
  release(done?: Promise<unknown>, written?: Promise<unknown>): void;
}

interface Holder extends LiveRecord {
  /** Set once the upload settled: resolves when the record is free. */
  ending?: Promise<void>;
  /** Set once the upload settled: resolves when its last record write ended (not its unlock). */
  written?: Promise<unknown>;
}

/**
 * The records held by live uploads, by the user's store and key. An upload's name is never shared
 * by two sources: two uploads of one resume key at once (two files of one name, size and
 * modification time) would otherwise both take the record's name and mix their chunks, so the
 * second goes without resume. After an abort the upload's promise settles before its last record
 * write ends; `discardUpload` stops that write first, so a record deleted right after a pause is
 * not written back a moment later.
 */
const live = new WeakMap<UploadStore, Map<string, Holder>>();

/**
 * Claims `key` of `store` for one upload, or undefined while a live upload of this process holds
 * it. One that has settled and is only ending its last write is waited for. The claim itself is
 * synchronous: of two uploads that find the record free, one gets it.
 */
export async function claimRecord(
  store: UploadStore,
  key: string,
): Promise<RecordClaim | undefined> {
  const byKey = live.get(store) ?? new Map<string, Holder>();
  live.set(store, byKey);
  for (;;) {
    const held = byKey.get(key);
    if (!held) break;
    if (!held.ending) return undefined;
    await held.ending;
  }
  let writer: LiveRecord | undefined;
  const holder: Holder = { stopWriting: async () => writer?.stopWriting() };
  byKey.set(key, holder);
  const free = () => {
    if (byKey.get(key) === holder) byKey.delete(key);
  };
  return {
    attach: (record) => void (writer = record),
    release: (done, written) => {
      if (!done) return free();
      holder.ending = done.then(free, free);
      holder.written = (written ?? done).catch(() => undefined);
    },
  };
}

/**
 * Resolves once the uploads of `store` that settled (a pause) wrote their last record: a listing
 * right after a pause then shows every chunk acknowledged (it showed those of an earlier write).
 */
export async function settledWrites(store: UploadStore): Promise<void> {
  await Promise.all([...(live.get(store)?.values() ?? [])].map((held) => held.written));
}

/** Stops the writes of the upload recorded under `key` in `store`, if one is still writing. */
export async function stopRecordWrites(store: UploadStore, key: string): Promise<void> {
  await live.get(store)?.get(key)?.stopWriting();
}
