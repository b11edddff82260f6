import type { ChunkPlan } from './chunk-plan.js';
import type { SourceIdentity } from './fingerprint.js';
import { UploadRecordSchema, type UploadRecord, type UploadStore } from './resume-store.js';
import { uploadName } from './upload-name.js';

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
}

/**
 * One upload's unique name and acknowledged chunks, kept in the resume store when there is one.
 * Records are written one at a time, the latest state each time, so a slow store never queues a
 * write per chunk. Every record written is a subset of what the service acknowledged, so a record
 * older than the last (a write lost to a crash) only means a few chunks are sent again. The store
 * failing costs the resume, never the upload: the first failure is logged and writing stops.
 */
export class UploadSession {
  private dirty = false;
  private writing: Promise<void> | undefined;
  private stopped: boolean;

  private constructor(
    readonly uploadName: string,
    readonly acknowledged: Set<number>,
    private readonly target: ResumeTarget,
    private readonly resume: ResumeSettings | undefined,
    private readonly log: Warner,
  ) {
    this.stopped = resume === undefined;
  }

  /** A session for this upload: the stored one when it matches, else a fresh name. */
  static async open(
    target: ResumeTarget,
    resume: ResumeSettings | undefined,
    log: Warner,
  ): Promise<UploadSession> {
    const record = resume && (await loadRecord(resume, target, log));
    const session = record
      ? new UploadSession(record.uploadName, new Set(record.acknowledged), target, resume, log)
      : new UploadSession(uploadName(target.identity.filename), new Set(), target, resume, log);
    // Written before any chunk: a chunk stored whose answer a crash lost is then ours next time.
    session.save();
    return session;
  }

  /** The bytes of the chunks already acknowledged. */
  bytesDone(): number {
    const { totalBytes, chunkSize } = this.target.plan;
    let bytes = 0;
    for (const index of this.acknowledged) {
      bytes += Math.min(chunkSize, totalBytes - index * chunkSize);
    }
    return bytes;
  }

  acknowledge(index: number): void {
    this.acknowledged.add(index);
    this.save();
  }

  /** Resolves once the latest state is written (or the store gave up). */
  async flush(): Promise<void> {
    await this.writing;
  }

  /** The upload is finalized: its record goes. */
  async finished(): Promise<void> {
    await this.flush();
    if (!this.resume) return;
    this.stopped = true;
    try {
      await this.resume.store.delete(this.resume.key);
    } catch (error) {
      this.log.warn(
        `upload resume: the finalized upload's record could not be deleted (${describe(error)})`,
      );
    }
  }

  private save(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.dirty && !this.stopped) {
        this.dirty = false;
        await this.write();
      }
    } finally {
      this.writing = undefined;
    }
  }

  private async write(): Promise<void> {
    const { store, key } = this.resume!;
    try {
      await store.set(key, this.record());
    } catch (error) {
      this.stopped = true;
      this.log.warn(
        `upload resume: the store could not be written (${describe(error)}); the upload goes on, but cannot be resumed`,
      );
    }
  }

  private record(): UploadRecord {
    const { identity, operationType, academy, plan } = this.target;
    return {
      version: 1,
      filename: identity.filename,
      uploadName: this.uploadName,
      operationType,
      academy,
      totalBytes: plan.totalBytes,
      chunkSize: plan.chunkSize,
      totalChunks: plan.totalChunks,
      lastModified: identity.lastModified,
      acknowledged: [...this.acknowledged].sort((a, b) => a - b),
      updatedAt: Date.now(),
    };
  }
}

/** The stored record when it is usable for `target`; a warning and undefined when not. */
async function loadRecord(
  resume: ResumeSettings,
  target: ResumeTarget,
  log: Warner,
): Promise<UploadRecord | undefined> {
  let stored: unknown;
  try {
    stored = await resume.store.get(resume.key);
  } catch (error) {
    log.warn(`upload resume: the store could not be read (${describe(error)}); starting afresh`);
    return undefined;
  }
  if (stored === undefined || stored === null) return undefined;
  const parsed = UploadRecordSchema.safeParse(stored);
  if (!parsed.success || parsed.data.acknowledged.some((i) => i >= parsed.data.totalChunks)) {
    log.warn(
      'upload resume: the store holds no valid upload record under this key; starting afresh',
    );
    return undefined;
  }
  const record = parsed.data as UploadRecord;
  // A clock set back makes the age negative: as far back as forward is tolerated.
  if (Math.abs(Date.now() - record.updatedAt) > resume.maxAge) return undefined;
  return sameUpload(record, target) ? record : undefined;
}

/** A changed source (size, modification time), name or chunk plan never reuses a record. */
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

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
