import { untilAborted, withinMs } from '../../core/retry/until-aborted.js';
import { closedKey, closedMark } from './closed-uploads.js';
import { describeError, type Warner } from './load-record.js';
import type { UploadRecord, UploadStore } from './resume-store.js';

/**
 * `store` with each operation bounded by the chunk timeout, and a read (before anything is sent)
 * or a delete ended by the upload's signal too: a store that never settles costs the resume (the
 * session warns and goes on), never the upload. A write is not cut short here: it records what
 * the service acknowledged (a paused upload is listed by `pendingUploads` as far as it got); the
 * session ends its own waits for one with the signal where a write lost cannot let a changed
 * source resume (once finalize was answered: `finished`, `finalizeRefused`). A delete given up on
 * runs on.
 *
 * A write given up on may still land, after the record's delete: a record of an upload finalized
 * (or one that must not resume) would be back. So a delete while a write of the key is unanswered
 * first marks that write's upload closed (closed-uploads.ts), and a run that reads it starts afresh.
 * A mark the store refuses (or never answers) is a warning through `log`, as the store's other
 * failures are: its owner learns that a late write may bring the record back.
 */
export function racedStore(
  store: UploadStore,
  signal: AbortSignal | undefined,
  ms: number,
  log: Warner,
): UploadStore {
  const bounded = <T>(run: () => Promise<T>, raced?: AbortSignal): Promise<T> => {
    const work = new Promise<T>((resolve) => resolve(run()));
    const late = () => new Error(`the resume store gave no answer within ${ms} ms`);
    return withinMs(untilAborted(work, raced), ms, late);
  };
  /** The writes the store has not answered yet. */
  const unanswered = new Set<{ key: string; record: UploadRecord }>();
  const write = (key: string, record: UploadRecord) => {
    const entry = { key, record };
    unanswered.add(entry);
    const written = new Promise<void>((resolve) => resolve(store.set(key, record)));
    const answered = () => void unanswered.delete(entry);
    written.then(answered, answered);
    return written;
  };
  /** Marks the uploads of `key`'s writes still out closed: asked before the delete, not awaited
   * (a store slow to answer it holds nothing up; unmarked, the delete goes all the same). A store
   * whose `set` throws at once rejects `bounded`'s promise like one that rejects: handled here. */
  const markClosed = (key: string) => {
    const out = [...unanswered].filter((write) => write.key === key).map(({ record }) => record);
    for (const record of new Map(out.map((record) => [record.uploadName, record])).values()) {
      const marking = () => store.set(closedKey(key, record.uploadName), closedMark(record));
      void bounded(marking).catch((error: unknown) => log.warn(unmarked(record, error)));
    }
  };
  const lock = store.lock?.bind(store);
  return {
    get: (key) => bounded(() => store.get(key), signal),
    set: (key, record) => bounded(() => write(key, record)),
    delete: (key) => {
      markClosed(key);
      return bounded(() => store.delete(key), signal);
    },
    ...(lock && {
      lock: async (key: string) => {
        const held = Promise.resolve().then(() => lock(key));
        try {
          const release = await bounded(() => held, signal);
          const asked = release?.held?.bind(release);
          // Its `held` bounded too: a store that never answers it stops the upload, never hangs it.
          return asked ? Object.assign(() => release!(), { held: () => bounded(asked) }) : release;
        } catch (error) {
          // Given up on: a lock that comes later is let go at once.
          void held.then(
            (release) => release?.(),
            () => undefined,
          );
          throw error;
        }
      },
    }),
  };
}

const unmarked = (record: UploadRecord, error: unknown) =>
  `upload resume: the closed mark of upload ${record.uploadName} could not be written (${describeError(error)}); a late write may bring its record back`;
