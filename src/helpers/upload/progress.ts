import type { ChunkPlan } from './chunk-plan.js';

/**
 * Where an upload stands. Every field only grows. `loadedBytes === totalBytes` and
 * `chunksDone === totalChunks` are reported once, after the file is finalized.
 *
 * @example
 * ```ts
 * await client.media.upload(file, {
 *   operation_type: 'media',
 *   onProgress: ({ loadedBytes, totalBytes }: UploadProgress) =>
 *     console.log(`${totalBytes ? Math.round((100 * loadedBytes) / totalBytes) : 100} %`),
 * });
 * ```
 * @category Helpers
 */
export interface UploadProgress {
  /** Bytes sent: whole chunks acknowledged, plus what has gone out of chunks still in flight. */
  loadedBytes: number;
  /** The file's size in bytes. */
  totalBytes: number;
  /** Chunks the service acknowledged. */
  chunksDone: number;
  /** How many chunks the file is sent in. */
  totalChunks: number;
}

/** Byte-level reports come every 1/1000 of the file (at least 64 KiB); chunk completions always. */
const BYTE_REPORT_STEPS = 1000;
const MIN_BYTE_REPORT_STEP = 64 * 1024;

/**
 * Turns chunk events into monotonic {@link UploadProgress} reports. A retried chunk restarts
 * from zero, so each chunk in flight counts the most it has ever sent (progress never goes back),
 * and a chunk counts fully only once acknowledged. Completion is held back until `finish`: the
 * file does not exist before finalize returns.
 */
export class ProgressTracker {
  /** The first exception a callback threw: the upload ends with it at its next step. */
  callbackError: unknown;
  private chunksDone = 0;
  private doneBytes = 0;
  private readonly inFlight = new Map<number, number>();
  private finished = false;
  private last: UploadProgress | undefined;
  private readonly step: number;

  constructor(
    private readonly plan: ChunkPlan,
    private readonly onProgress?: (progress: UploadProgress) => void,
    /** Chunks acknowledged before this run (a resumed upload): progress starts from them. */
    already: { chunks: number; bytes: number } = { chunks: 0, bytes: 0 },
  ) {
    this.chunksDone = already.chunks;
    this.doneBytes = already.bytes;
    this.step = Math.max(MIN_BYTE_REPORT_STEP, Math.floor(plan.totalBytes / BYTE_REPORT_STEPS));
  }

  /** Reports the starting point: nothing sent yet, or what a resumed upload had sent. */
  start(): void {
    this.report(true);
  }

  /** `sentBytes` of chunk `index` have gone out in its current attempt. */
  sent(index: number, sentBytes: number): void {
    if (sentBytes <= (this.inFlight.get(index) ?? 0)) return;
    this.inFlight.set(index, sentBytes);
    this.report(false);
  }

  /** Chunk `index`, of `bytes` bytes, is acknowledged. */
  acknowledged(index: number, bytes: number): void {
    this.inFlight.delete(index);
    this.doneBytes += bytes;
    this.chunksDone++;
    this.report(true);
  }

  /** The file is finalized: reports 100 %. */
  finish(): void {
    this.finished = true;
    this.report(true);
  }

  private report(always: boolean): void {
    if (!this.onProgress) return;
    const progress = this.snapshot();
    const last = this.last;
    if (last && !always && progress.loadedBytes - last.loadedBytes < this.step) return;
    if (last?.loadedBytes === progress.loadedBytes && last.chunksDone === progress.chunksDone) {
      return;
    }
    this.last = progress;
    try {
      this.onProgress(progress);
    } catch (error) {
      // Thrown inside a request body read, it would look like a network failure and be retried.
      this.callbackError ??= error;
    }
  }

  private snapshot(): UploadProgress {
    const { totalBytes, totalChunks } = this.plan;
    if (this.finished)
      return { loadedBytes: totalBytes, totalBytes, chunksDone: totalChunks, totalChunks };
    let loadedBytes = this.doneBytes;
    for (const bytes of this.inFlight.values()) loadedBytes += bytes;
    return {
      loadedBytes: Math.min(loadedBytes, Math.max(0, totalBytes - 1)),
      totalBytes,
      chunksDone: Math.min(this.chunksDone, totalChunks - 1),
      totalChunks,
    };
  }
}
