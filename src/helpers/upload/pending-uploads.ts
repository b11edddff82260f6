import { SeatpayError } from '../../core/errors/seatpay-error.js';
import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { chunksBytes } from './chunk-plan.js';
import { settledWrites, stopRecordWrites } from './live-records.js';
import type { UploadStore } from './resume-store.js';
import { recordOf } from './upload-record-check.js';
import { closedKey } from './closed-uploads.js';

/**
 * An unfinished upload a resume store holds: what a page can show after a reload ("talk.mp4 is
 * 40 % done, resume?"). To resume it, upload the same file again with the same store (and, when
 * the first call gave them, the same `filename` and `resume.key`); to drop it,
 * `client.media.discardUpload(store, pending.key)`.
 *
 * @example
 * ```ts
 * const store = localStorageUploadStore();
 * for (const pending of await client.media.pendingUploads(store)) {
 *   const percent = Math.floor((100 * pending.bytesDone) / Math.max(1, pending.totalBytes));
 *   console.log(`${pending.filename} is ${percent} % done (${pending.updatedAt.toLocaleString()})`);
 * }
 * ```
 * @category Helpers
 */
export interface PendingUpload {
  /** The record's key in the store (the `resume.key` the upload was given, else its fingerprint). */
  key: string;
  /** The file name the upload was given (or the source's own). */
  filename: string;
  /** The operation type it is uploaded under. */
  operationType: string;
  /** The academy it goes to, as a string; null on the `/me/` endpoints. */
  academy: string | null;
  /** The file's size in bytes. */
  totalBytes: number;
  /** The bytes of the chunks the service acknowledged. */
  bytesDone: number;
  /** Chunks the service acknowledged. */
  chunksDone: number;
  /** How many chunks the file is sent in. */
  totalChunks: number;
  /** When the record was last written: the upload's last acknowledged chunk, roughly. */
  updatedAt: Date;
  /**
   * Finalize was sent with no answer: the file may exist on the service, and uploading again
   * rejects with `UploadMayExistError` (see there how to settle it).
   */
  finalizeSent: boolean;
}

/** The store's unfinished uploads, the latest first; what is no valid record is left out. */
export async function pendingUploads(store: UploadStore): Promise<PendingUpload[]> {
  refuseStoreWithout(store, 'list', 'list its records');
  const pending: PendingUpload[] = [];
  await settledWrites(store);
  const entries = await storeCall('list its records', async () => [...(await store.list!())]);
  const records = entries.map((entry) => {
    const [key, stored] = entryOf(entry);
    return [key, recordOf(stored)] as const;
  });
  // A record of an upload closed since (a write that landed late: closed-uploads.ts) is no
  // pending upload, nor is the mark that says so.
  const closed = new Set(records.filter(([, record]) => record?.closed).map(([key]) => key));
  for (const [key, record] of records) {
    if (!record || typeof key !== 'string' || record.closed) continue;
    if (closed.has(closedKey(key, record.uploadName))) continue;
    const { totalBytes, chunkSize, acknowledged } = record;
    const bytesDone = chunksBytes({ totalBytes, chunkSize }, acknowledged);
    pending.push({
      key,
      filename: record.filename,
      operationType: record.operationType,
      academy: record.academy,
      totalBytes,
      bytesDone: Math.max(0, bytesDone),
      chunksDone: acknowledged.length,
      totalChunks: record.totalChunks,
      updatedAt: new Date(record.updatedAt),
      finalizeSent: record.finalizeSent,
    });
  }
  return pending.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}

/** A listing's `[key, record]` pair, read safely: a store may list anything, from anyone. */
function entryOf(entry: unknown): [unknown, unknown] {
  try {
    return Array.isArray(entry) ? [entry[0], entry[1]] : [undefined, undefined];
  } catch {
    return [undefined, undefined]; // a Proxy whose traps throw, a revoked one
  }
}

/**
 * Forgets the record under `key`. An upload of this process still writing it (one just paused:
 * its last write may end after its promise settled) is stopped first, so the record is not
 * written back after it was deleted.
 */
export async function discardUpload(store: UploadStore, key: string): Promise<void> {
  refuseStoreWithout(store, 'delete', 'delete a record');
  await stopRecordWrites(store, key);
  await storeCall(`delete the record of "${key}"`, () => store.delete(key));
}

/**
 * Refuses a store without `method`, nothing read: none given (`pendingUploads()`) was a TypeError
 * behind "A callback threw (see cause)", and one without `delete` "could not delete the record"
 * (newuser18).
 */
function refuseStoreWithout(store: unknown, method: 'list' | 'delete', action: string): void {
  const given = store === null || typeof store !== 'object' ? undefined : (store as UploadStore);
  if (typeof given?.[method] === 'function') return;
  const what = given
    ? `it has no \`${method}\` method`
    : `not ${typeof store === 'string' ? JSON.stringify(store) : String(store)}`;
  throw new InvalidRequestError(
    `Invalid store: one that can ${action} is needed (${what}); give the store your uploads' \`resume.store\` was: localStorageUploadStore(), fileUploadStore(dir), or yours with a \`${method}\``,
    { field: 'store' },
  );
}

/**
 * A call of the user's store: whatever it throws (or a listing that is not a list) becomes a
 * {@link SeatpayError} saying what failed, with what was thrown as its `cause`.
 */
async function storeCall<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new SeatpayError(`The upload store could not ${action}: ${messageOf(error)}`, {
      cause: error,
    });
  }
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unreadable error';
  }
}

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../../lazy-side.js';
