import { untilAborted } from '../../core/retry/until-aborted.js';
import type { UploadRecord, UploadStore } from './resume-store.js';
import { describeError, type Warner } from './load-record.js';
import { closedMark } from './closed-uploads.js';

/**
 * Removes a resume record no run may resume (the service holds bytes under its upload name that
 * are not the source's, or the record says too little): deleted, or, where the store cannot delete
 * it (a store of the user's whose `delete` throws), overwritten with `record` emptied of its chunks,
 * which no resume adopts (a record without chunks proves nothing: `UploadSession.open`). A record
 * left as it was would resume under the same name, and the service's "chunk already exists" for
 * the misfiled index would count as held: a file assembled with the wrong bytes, resolved as a
 * success without `checkDigest`. Resolves with whether the delete or the overwrite landed.
 *
 * Each store call is bounded by the upload's `chunkTimeout` (`store` is the upload's
 * `racedStore`), and the wait ends with the upload's `signal`: a user's store whose `delete` (or
 * `set`) never settles resolves false (not forgotten: the caller's error says the record may
 * remain), never hangs the upload. Given up on, the delete and the overwrite still run on. With
 * `writesOut`, the delete waits for them, within the same signal: a write a user's store let land
 * after the delete would bring the record back.
 */
export function forgetRecord(
  resume: { store: UploadStore; key: string; signal?: AbortSignal | undefined },
  record: UploadRecord,
  /** The session's writes out: the delete goes once they ended (each is bounded: racedStore). */
  writesOut?: Promise<unknown>,
): Promise<boolean> {
  const { store, key, signal } = resume;
  const { inFlight: _unheard, ...kept } = record;
  const emptied: UploadRecord = { ...kept, acknowledged: [], digests: [] };
  const forgotten = Promise.resolve(writesOut)
    .catch(() => undefined)
    .then(() => store.delete(key))
    .catch(() => store.set(key, emptied))
    .then(
      () => true,
      () => false,
    );
  return untilAborted(forgotten, signal).catch(() => false);
}

/**
 * Removes a finalized upload's record: deleted, or, where the store cannot delete it, overwritten
 * with its closed mark (emptied of its chunks, finalize not sent, `closed`: closed-uploads.ts).
 * The file is made: nothing is left to resume, nor to refuse as "may exist"; no run adopts a
 * record without chunks, and `pendingUploads` lists no closed one (listed at 0 %, a page resumed
 * it: a second copy), with a warning (the store's delete fails: its owner should know). Left as
 * it was (both failed, or the signal fired first): a warning, and it still says "finalize sent".
 */
export function forgetFinished(
  resume: { store: UploadStore; key: string; signal?: AbortSignal | undefined },
  record: UploadRecord,
  log: Warner,
): Promise<true> {
  const { store, key, signal } = resume;
  const gone = store.delete(key).catch((error: unknown) =>
    store.set(key, closedMark(record)).then(
      () => void log.warn(`upload resume: ${undeleted(error)}; it was emptied instead`),
      () => Promise.reject(error),
    ),
  );
  return untilAborted(gone, signal).then(
    () => true,
    (error: unknown) => finalizedKept(error, log),
  );
}

/**
 * A finalized upload's record left in the store (its delete failed, or the signal fired before
 * it): a warning, never the upload's error (the file is made). It still says "finalize sent".
 */
export function finalizedKept(error: unknown, log: Warner): true {
  log.warn(
    `upload resume: ${undeleted(error)}; an upload under its resume key says the file may exist`,
  );
  return true;
}

const undeleted = (error: unknown) =>
  `the finalized upload's record could not be deleted (${describeError(error)})`;
