import { describeError, type ResumeSettings, type Warner } from './load-record.js';
import { claimRecord, type LiveRecord } from './live-records.js';
import type { UploadStore } from './resume-store.js';

/** This upload's hold on its resume record: no other live upload, here or elsewhere, has it. */
export interface RecordHold {
  /** The upload now writing the record (what `discardUpload` stops). */
  attach(record: LiveRecord): void;
  /** Frees the record once `writes` (the upload's last record write) ended. */
  release(writes?: Promise<void>): Promise<void>;
  /**
   * Whether the store's lock is still this upload's: false once another upload took it over (or
   * the store could not tell: its `held` rejected, the error given). True for a lock that cannot say.
   */
  held(): Promise<{ held: boolean; cause?: unknown }>;
}

/**
 * Holds the record under the resume key for this upload, or warns and gives undefined (the upload
 * then goes on without resume) when another live upload holds it: in this process (the same
 * store), or in another one through a store that can lock (`fileUploadStore`). Two uploads of
 * one key at once are two sources of one name, size and modification time: sharing the record
 * would share its upload name, and their chunks would mix.
 */
export async function holdRecord(
  resume: ResumeSettings,
  log: Warner,
): Promise<RecordHold | undefined> {
  const busy = (): undefined =>
    void log.warn(
      'upload resume: another upload is using the resume record under this key (a file of the same name, size and modification time, or the same resume.key); this one goes on without resume',
    );
  const claim = await claimRecord(resume.owner ?? resume.store, resume.key);
  if (!claim) return busy();
  let unlock: Awaited<ReturnType<NonNullable<UploadStore['lock']>>>;
  if (resume.store.lock) {
    try {
      unlock = await resume.store.lock(resume.key);
    } catch (error) {
      claim.release();
      log.warn(
        `upload resume: the store could not lock the record (${describeError(error)}); the upload goes on, but cannot be resumed`,
      );
      return undefined;
    }
    if (!unlock) {
      claim.release();
      return busy();
    }
  }
  return {
    attach: (record) => claim.attach(record),
    held: async () => {
      if (!unlock?.held) return { held: true };
      try {
        return { held: (await unlock.held()) === true };
      } catch (cause) {
        return { held: false, cause };
      }
    },
    release: (writes) => {
      const done = (async () => {
        await writes?.catch(() => undefined);
        await unlock?.().catch(() => undefined);
      })();
      claim.release(done, writes); // a listing waits for the writes, not for an unlock
      return done;
    },
  };
}
