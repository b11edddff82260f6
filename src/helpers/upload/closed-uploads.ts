import type { UploadRecord, UploadStore } from './resume-store.js';
import { recordOf } from './upload-record-check.js';

/**
 * Where the mark that upload `uploadName` of resume key `key` is closed (finalized, or its record
 * deleted for good) is kept: a key of its own, beside the record's. A write of the record the
 * store answered late (after `chunkTimeout`, given up on) can land after the record's delete and
 * bring it back; it cannot touch this key, so the next run tells such a record from a live one.
 */
export function closedKey(key: string, uploadName: string): string {
  return `${key}#closed:${uploadName}`;
}

/** The mark itself: `record` (the write still out) emptied of its chunks, saying `closed`. */
export function closedMark(record: UploadRecord): UploadRecord {
  const { inFlight: _unheard, ...kept } = record;
  const emptied = { acknowledged: [], digests: [], finalizeSent: false };
  return { ...kept, ...emptied, closed: true, updatedAt: Date.now() };
}

/** Whether `record`, read under `key`, is of an upload closed since (a write that landed late). */
export async function closedBefore(
  store: UploadStore,
  key: string,
  record: UploadRecord,
): Promise<boolean> {
  const mark = recordOf(await store.get(closedKey(key, record.uploadName)));
  return mark?.closed === true && mark.uploadName === record.uploadName;
}
