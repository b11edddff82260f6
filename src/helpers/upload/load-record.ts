import type { ChunkPlan } from './chunk-plan.js';
import type { SourceIdentity } from './fingerprint.js';
import type { UploadRecord, UploadStore } from './resume-store.js';
import { recordOf } from './upload-record-check.js';
import { madeForKey } from './upload-name.js';
import { canDigest } from './chunk-digest.js';
import { closedBefore } from './closed-uploads.js';

/** Where warnings go: the client's logger. */
export interface Warner {
  warn(message: string): void;
}

/** What a resume record must match to be reused: this upload's source and chunk plan. */
export interface ResumeTarget {
  identity: SourceIdentity;
  operationType: string;
  academy: string | null;
  plan: ChunkPlan;
}

/** The store and key of an upload with `resume`, checked. */
export interface ResumeSettings {
  store: UploadStore;
  key: string;
  maxAge: number;
  /** The store the user gave (`store` may wrap it): where `discardUpload` finds this upload. */
  owner?: UploadStore;
  /** The upload's signal: a wait on the store's delete ends with it (see forgetRecord). */
  signal?: AbortSignal | undefined;
}

/** The stored record when it is usable for `target`; a warning and undefined when not. */
export async function loadRecord(
  resume: ResumeSettings,
  target: ResumeTarget,
  log: Warner,
): Promise<UploadRecord | undefined> {
  let stored: unknown;
  try {
    stored = await resume.store.get(resume.key);
  } catch (error) {
    log.warn(
      `upload resume: the store could not be read (${describeError(error)}); starting afresh`,
    );
    return undefined;
  }
  if (stored === undefined || stored === null) return undefined;
  const record = recordOf(stored);
  if (!record) {
    log.warn(
      'upload resume: the store holds no valid upload record under this key; starting afresh',
    );
    return undefined;
  }
  // A clock set back makes the age negative: as far back as forward is tolerated.
  if (Math.abs(Date.now() - record.updatedAt) > resume.maxAge) return undefined;
  if (!sameUpload(record, target)) return undefined;
  const tagged = await madeForKey(record.uploadName, record.filename, resume.key);
  // Untagged with its finalize sent with no answer (a record of an older seatpay): the file may
  // exist, so never afresh (a second copy). Adopted, the upload rejects with UploadMayExistError.
  if (!tagged && !record.finalizeSent) {
    log.warn(
      "upload resume: the record's upload name was not made for this resume key (copied from another's, or by an older seatpay); starting afresh",
    );
    return undefined;
  }
  return (await stillOpen(resume, record, log)) ? record : undefined;
}

/**
 * False, with a warning, for a record of an upload closed since: a write the store let land late.
 * A mark that cannot be read leaves the record as it was read before marks (a store of the user's
 * may refuse a key it does not know): resumed, or refused when its finalize was sent.
 */
async function stillOpen(resume: ResumeSettings, record: UploadRecord, log: Warner) {
  const closed = await closedBefore(resume.store, resume.key, record).catch((error: unknown) => {
    log.warn(
      `upload resume: the store could not read whether the record's upload was closed (${describeError(error)}); the record is used as it is`,
    );
    return false;
  });
  if (closed)
    log.warn(
      'upload resume: the record is of an upload already finished or given up (a write the store answered late landed after its delete); starting afresh',
    );
  return !closed;
}

/** A changed size, modification time, name or chunk plan never reuses a record. */
function sameUpload(record: UploadRecord, target: ResumeTarget): boolean {
  const { identity, plan } = target;
  return (
    record.filename === identity.filename &&
    record.totalBytes === identity.size &&
    record.lastModified === identity.lastModified &&
    record.operationType === target.operationType &&
    record.academy === target.academy &&
    record.chunkSize === plan.chunkSize &&
    record.totalChunks === plan.totalChunks
  );
}

/** A store's failure in a warning; never throws (a store may throw a Proxy, a null-prototype object). */
export function describeError(error: unknown): string {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'a value that cannot be read';
  }
}

/** Without `crypto.subtle` (a page on plain http) chunks cannot be checked: no resume then. */
export function digestible(resume: ResumeSettings, log: Warner): ResumeSettings | undefined {
  if (canDigest()) return resume;
  log.warn(
    'upload resume: crypto.subtle is not available here (a page served over plain http?), so resumed chunks could not be checked; the upload goes on, but cannot be resumed',
  );
  return undefined;
}
