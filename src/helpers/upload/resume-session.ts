import { digestedChunk } from './chunk-digest.js';
import { chunksBytes } from './chunk-plan.js';
import { untilAborted, withinMs } from '../../core/retry/until-aborted.js';
import type { UploadRecord } from './resume-store.js';
import { describeError, digestible, loadRecord } from './load-record.js';
import type { ResumeSettings, ResumeTarget, Warner } from './load-record.js';
import type { ChunkReader } from './chunk-reader.js';
import type { ChunkCheck } from './deliver-chunk.js';
import { finalizedKept, forgetFinished, forgetRecord } from './forget-record.js';
import { InFlightChunks, heldUnknown } from './in-flight-chunks.js';
import { resumedRecord } from './resumed-record.js';
import { sessionRecord } from './session-record.js';
import { holdRecord } from './record-hold.js';
import { HoldWatch } from './hold-watch.js';
import { newUploadName } from './upload-name.js';
import { streamChanged, type CheckPace } from './verify-resume.js';

export type { ResumeSettings, ResumeTarget, Warner } from './load-record.js';

/**
 * One upload's unique name and acknowledged chunks (with the digest of each), kept in the resume
 * store when there is one. Records are written one at a time, the latest state each time, so a
 * slow store never queues a write per chunk. The store failing costs the resume, never the
 * upload: the first failure is logged, writing stops and the record goes.
 */
export class UploadSession {
  private dirty = false;
  private writing: Promise<void> | undefined;
  private stopped: boolean;
  private writeFailed = false;
  /** This upload's hold on its record, and whether it still has it (see hold-watch.ts). */
  watch: HoldWatch | undefined;
  /** Finalize was sent and not refused: the file may exist (see `UploadRecord.finalizeSent`). */
  private finalizeSent: boolean;
  /** The store holds this upload's record (written or resumed); a write of it failed. */
  private recorded = false;
  /** The upload's `chunkTimeout`: the most a chunk's read for its digest may take. */
  private readMs: number | undefined;
  /** Chunks an earlier call sent, checked against the source, are reused (not sent again). */
  reusesChunks = false;

  private constructor(
    readonly uploadName: string,
    readonly acknowledged: Set<number>,
    /** Digests of the chunks acknowledged, and of a stream's chunks past a gap, read again later. */
    private readonly digests: Map<number, string>,
    private readonly target: ResumeTarget,
    private readonly resume: ResumeSettings | undefined,
    private readonly log: Warner,
    /** The record said finalize was sent before: this call must not send it again. */
    readonly finalizedBefore = false,
    private readonly inFlight = new InFlightChunks(),
  ) {
    this.stopped = resume === undefined;
    this.finalizeSent = finalizedBefore;
  }

  /**
   * A session for this upload: the stored one when it matches and the source's bytes are those
   * its chunks were sent with, else a fresh name. A stream that changed cannot start afresh (its
   * first bytes are read): its record is deleted and it rejects with `UploadError`.
   */
  static async open(
    target: ResumeTarget,
    given: ResumeSettings | undefined,
    log: Warner,
    reader: ChunkReader,
    /** A resume's chunks are read again no more at once than the upload's concurrency. */
    pace: CheckPace,
  ): Promise<UploadSession> {
    const digestibleResume = given && digestible(given, log);
    const hold = digestibleResume && (await holdRecord(digestibleResume, log));
    const resume = hold ? digestibleResume : undefined;
    try {
      const record = resume && (await loadRecord(resume, target, log));
      // One with no chunk proves nothing (never adopted) unless finalize was sent (forgetRecord).
      const adopted = record && (record.acknowledged.length > 0 || record.finalizeSent);
      const was = adopted
        ? await resumedRecord(record, target, resume, log, reader, pace)
        : undefined;
      const name = was?.uploadName ?? (await newUploadName(target.identity.filename, resume?.key));
      const { acknowledged = new Set<number>(), digests = new Map<number, string>() } = was ?? {};
      const { finalizeSent, inFlight } = was ?? {};
      const session = new UploadSession(
        name,
        acknowledged,
        digests,
        target,
        resume,
        log,
        finalizeSent,
        inFlight,
      );
      // A record resumed: the store holds it.
      session.recorded = session.reusesChunks = session.digests.size > 0;
      session.readMs = pace.readMs;
      // Written before any chunk: a chunk stored whose answer a crash lost is then ours next time.
      session.save();
      if (hold) {
        hold.attach(session);
        session.watch = new HoldWatch(hold, session.uploadName, digestibleResume.key);
      }
      return session;
    } catch (error) {
      await hold?.release();
      throw error;
    }
  }

  /** The key of the upload's resume record, when it keeps one. */
  get resumeKey(): string | undefined {
    return this.resume?.key;
  }

  /** The bytes of the chunks already acknowledged. */
  bytesDone(): number {
    return chunksBytes(this.target.plan, this.acknowledged);
  }

  /**
   * Checks chunk `index` before it is sent (nothing to check without `resume`): its digest, and
   * whether the service already holds these very bytes. That is a stream's chunk acknowledged
   * before a resume but past a gap in the record, so read only now, in order: the same digest means
   * it need not go again. Other bytes reject: the service keeps the first bytes of a name and index.
   */
  async check(index: number, chunk: Blob | Uint8Array, signal?: AbortSignal): Promise<ChunkCheck> {
    if (!this.resume) return { digest: undefined, held: false };
    await this.watch?.confirm(signal); // taken over while this upload was stopped: nothing more sent
    const { digest, bytes } = await digestedChunk(chunk, this.readMs);
    const recorded = this.digests.get(index);
    if (recorded !== undefined && recorded !== digest) {
      // Its record goes (emptied if it cannot), bounded: see forgetRecord. Once the write out
      // ended: a store that let it land after the delete would keep a record that must not resume.
      this.stopped = true;
      const forgotten = await forgetRecord(this.resume, this.record(), this.flush());
      throw streamChanged(index, this.resume.key, forgotten);
    }
    if (recorded === undefined) await this.sending(index, digest);
    return { digest, held: recorded !== undefined, bytes };
  }

  /**
   * Chunk `index` goes out with bytes of `digest`, recorded first: a run that crashes once the
   * service stored it leaves a record naming those bytes, never one that cannot tell whose chunk
   * the service holds. A store not done within `chunkTimeout` costs the resume, never the chunk.
   */
  private async sending(index: number, digest: string): Promise<void> {
    this.inFlight.sending(index, digest);
    const late = () => new Error('it did not answer within chunkTimeout');
    if (!this.stopped) {
      this.save();
      await withinMs(this.flush(), this.readMs ?? 0, late).catch((error) => this.failed(error));
    }
    // A failed write's record is gone before a chunk it does not name leaves (a crash leaves none)
    if (this.forgetting && !this.writing)
      await withinMs(this.forgetting, this.readMs ?? 0, late).catch(() => undefined);
  }

  /** The service answered `chunk-already-exists` for chunk `index`: rejects unless it is ours. */
  async claimHeld(index: number, digest: string | undefined, retried: boolean): Promise<void> {
    if (!this.resume || digest === undefined || this.inFlight.owns(index, digest, retried)) return;
    throw heldUnknown(index, this.resume.key, await this.discard());
  }

  /** Chunk `index` must be read whole and checked before sending (a digest recorded: `check`). */
  checksFirst(index: number): boolean {
    return this.resume !== undefined && this.digests.has(index);
  }

  acknowledge(index: number, digest: string | undefined): void {
    this.acknowledged.add(index);
    this.inFlight.acknowledged(index);
    if (digest !== undefined) this.digests.set(index, digest);
    this.save();
  }

  /** Finalize is about to be sent: recorded first, so a lost answer is known next time. */
  async finalizing(): Promise<void> {
    this.finalizeSent = true;
    this.save(); // never written over a record taken over: write() asks first
    await this.flush();
    await this.watch?.confirm(); // taken over: nothing finalized
  }

  /** The service refused that finalize outright: it made no file, so finalizing again is safe. */
  async finalizeRefused(): Promise<void> {
    this.finalizeSent = false;
    this.save();
    // Ends with the signal: the write runs on; lost, its "finalize sent" refuses, never resumes.
    await untilAborted(this.flush(), this.resume?.signal).catch(() => undefined);
  }

  /** The call stops waiting for the store (its signal fired): the latest state goes now, beside a
   * write still out, so a listing (`pendingUploads`) holds every acknowledged chunk. */
  handOff(): void {
    if (this.stopped || !this.dirty) return;
    this.dirty = false;
    this.handedOff = this.write(); // awaited by flush: a listing, a discard, the lock's release
  }
  private handedOff: Promise<void> | undefined;

  /** The sending ended: chunks out unanswered may land unheard, so the record names them. */
  stopping(aborted: boolean): void {
    if (this.inFlight.any) this.save();
    if (aborted) this.handOff();
  }
  /** Resolves once the latest state is written (or the store gave up), or the record went. */
  flush = async (): Promise<void> =>
    void (await Promise.all([this.writing, this.handedOff, this.forgetting]));
  private forgetting: Promise<unknown> | undefined; // a failed write's delete (`failed`)
  /** Writes no more (the record goes); resolves once the write in progress ended. Not ended by
   * the signal: a write landing after the delete would keep a record that must not resume. */
  async stopWriting(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  /** A write failed after one landed (or a resume): the store's record may say too little. */
  get recordStale(): boolean {
    return this.recorded && this.writeFailed;
  }

  /** The record goes, for good (forgetRecord); never another's, once taken over (the hold lost). */
  async discard(signal?: AbortSignal): Promise<boolean> {
    await this.stopWriting();
    await this.watch?.confirm(signal);
    return !this.resume || forgetRecord(this.resume, this.record());
  }

  /** The upload settled: once its last write ends, nothing of it writes again. */
  settled(): void {
    void this.watch?.release(this.flush());
  }

  /** Its record goes; `made: false` (no file, no chunk held), emptied if it cannot: see forgetRecord. */
  async finished(made = true): Promise<boolean> {
    if (!this.resume) return true;
    // The file is made, or the record must go: the last write and the lock's answer change
    // neither, so both waits end with the signal too (the record is then left as it is).
    const wait = this.flush().then(() => !this.watch || this.watch.holds());
    const ours = await untilAborted(wait, this.resume.signal).catch((error: unknown) => error);
    if (ours === false) return true; // another's now
    this.stopped = true;
    this.finalizeSent &&= made;
    if (ours !== true) return made && finalizedKept(ours, this.log);
    if (!made) return forgetRecord(this.resume, this.record());
    return forgetFinished(this.resume, this.record(), this.log);
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
      // Never over the record of an upload that took it over (the hold lost: see hold-watch.ts).
      if (this.watch && !(await this.watch.holds())) return void (this.stopped = true);
      await store.set(key, this.record());
      this.recorded = true;
    } catch (error) {
      this.failed(error);
    }
  }

  private failed(error: unknown): void {
    const first = !this.writeFailed;
    this.stopped = this.writeFailed = true;
    const why = `the store could not be written (${describeError(error)})`;
    this.log.warn(`upload resume: ${why}; the upload goes on, but cannot be resumed`);
    // The record before names none of the chunks sent from now on (a resume from it could take
    // one the service holds for its own): it goes (emptied if the store cannot delete), never
    // another's, and `flush` waits for it: the hold freed first, another process could read it.
    const forget = async () =>
      (!this.watch || (await this.watch.holds())) && forgetRecord(this.resume!, this.record());
    if (first)
      this.forgetting = Promise.resolve(this.writing)
        .then(forget)
        .catch(() => false);
  }

  private record(): UploadRecord {
    const { uploadName, acknowledged, digests, finalizeSent: sent, inFlight } = this;
    return sessionRecord(this.target, { uploadName, acknowledged, digests, sent, inFlight });
  }
}
