import { APIError } from '../../core/errors/api-error.js';
import { safeCause } from '../../core/secrets/foreign-cause.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { startDeadline, type Deadline } from '../../core/retry/deadline.js';
import { UploadError, UploadSourceError } from '../helper-errors.js';
import { sourceFailureIn } from './source-read-error.js';

/** What the scheduler runs: one chunk's delivery, under the run's signal. */
export type ChunkTask = (index: number, signal: AbortSignal) => Promise<void>;

export interface SchedulerOptions {
  /** The chunks to deliver, in the order they start (a resumed upload leaves some out). */
  indexes: readonly number[];
  /** The most chunks in flight at once. */
  concurrency: number;
  task: ChunkTask;
  /** The caller's signal: it stops everything at once. */
  signal?: AbortSignal | undefined;
  /** Called once when the run stops early, to release what tasks may wait on (a stream read). */
  onStop?: () => void;
  /** What a failure of the source names: the upload's unique name, and its resume key if any. */
  upload: { uploadName: string; resumeKey: string | undefined };
}

/**
 * Runs chunk deliveries with a bounded number in flight: each finished delivery pulls the next
 * index. A 429 lowers the bound (halved, at most once per delivered chunk, so one burst of 429s
 * does not collapse it to 1); each run of `limit` deliveries raises it by one again, up to
 * `concurrency`.
 *
 * The first failure stops the run: no new chunk starts, those in flight are cancelled, and
 * `run` rejects with {@link UploadError} once every task has settled, so nothing is left running.
 */
export class ChunkScheduler {
  /** Fires when the run stops: the caller aborted, or a chunk failed for good. */
  readonly signal: AbortSignal;
  private readonly stopper = new AbortController();
  /** The caller's signal, of this realm (stops following the caller's once the run settles). */
  private readonly caller: Deadline;
  private readonly failures = new Map<number, unknown>();
  /** Chunks stopped because the run stopped: not failures of their own. */
  private readonly cancelled = new Map<number, unknown>();
  private limit: number;
  private active = 0;
  private cursor = 0;
  private delivered = 0;
  private streak = 0;
  private lastSlowDownAt = -1;
  private settle?: { resolve: () => void; reject: (error: unknown) => void };

  constructor(private readonly options: SchedulerOptions) {
    this.limit = options.concurrency;
    // Another realm's signal or a polyfill's, followed by one of this realm: AbortSignal.any
    // threw a TypeError for it (signals19).
    this.caller = startDeadline(undefined, options.signal, 'The upload');
    const { signal } = this.caller;
    this.signal = signal ? AbortSignal.any([signal, this.stopper.signal]) : this.stopper.signal;
  }

  /** Resolves once every chunk is delivered; rejects with `UploadError` or `AbortError`. */
  run(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
      this.options.signal?.addEventListener('abort', this.halt, { once: true });
      if (this.options.signal?.aborted) this.halt();
      this.pump();
    });
  }

  /** The service asked to slow down (429): fewer chunks in flight from now on. */
  slowDown(): void {
    if (this.lastSlowDownAt === this.delivered) return;
    this.lastSlowDownAt = this.delivered;
    this.limit = Math.max(1, Math.ceil(this.limit / 2));
    this.streak = 0;
  }

  private pump(): void {
    const { indexes } = this.options;
    while (!this.stopped && this.active < this.limit && this.cursor < indexes.length) {
      this.start(indexes[this.cursor++]!);
    }
    if (this.active === 0 && (this.stopped || this.cursor >= indexes.length)) this.finish();
  }

  private start(index: number): void {
    this.active++;
    this.options.task(index, this.signal).then(
      () => this.onDelivered(),
      (error: unknown) => this.onFailed(index, error),
    );
  }

  private onDelivered(): void {
    this.active--;
    this.delivered++;
    if (++this.streak >= this.limit && this.limit < this.options.concurrency) {
      this.limit++;
      this.streak = 0;
    }
    this.pump();
  }

  private onFailed(index: number, error: unknown): void {
    this.active--;
    // An AbortError comes from the run stopping (the caller's signal, another chunk's failure, a
    // stream read stopped by it): that chunk did not fail on its own.
    // Kept as a safe copy: what a source throws may be a Proxy whose every read throws, and the
    // run's own error handling (the UploadError's message) reads it.
    (error instanceof AbortError ? this.cancelled : this.failures).set(index, safeCause(error));
    this.halt();
    this.pump();
  }

  private get stopped(): boolean {
    return this.signal.aborted;
  }

  private readonly halt = (): void => {
    if (this.stopper.signal.aborted) return;
    this.stopper.abort();
    this.options.onStop?.();
  };

  private finish(): void {
    const settle = this.settle;
    if (!settle) return;
    this.settle = undefined;
    this.options.signal?.removeEventListener('abort', this.halt);
    this.caller.clear();
    if (this.options.signal?.aborted) {
      settle.reject(new AbortError(undefined, { cause: this.options.signal.reason }));
    } else if (this.failures.size > 0 || this.cancelled.size > 0) {
      // Never resolve a run that stopped early: no finalize without every chunk.
      const failures = this.failures.size > 0 ? this.failures : this.cancelled;
      settle.reject(uploadError(failures, this.options.upload));
    } else {
      settle.resolve();
    }
  }
}

function uploadError(
  failures: Map<number, unknown>,
  upload: SchedulerOptions['upload'],
): UploadError {
  const failedChunks = [...failures.keys()].sort((a, b) => a - b);
  const cause = [...failures.values()].at(-1);
  // A source that changed or failed is said so, whatever else failed meanwhile: retrying the
  // network cannot help, and reading it again cannot give the same bytes.
  for (const failure of failures.values()) {
    const read = sourceFailureIn(failure);
    if (read) {
      return new UploadSourceError({
        failedChunks,
        cause: read.cause ?? read,
        reason: read.message,
        ...upload,
      });
    }
  }
  const which = failedChunks.length === 1 ? 'Chunk' : 'Chunks';
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new UploadError(
    `${which} ${failedChunks.join(', ')} could not be uploaded, so the file was not finalized: ${reason}${adviceFor(cause)}`,
    { failedChunks, cause },
  );
}

/**
 * What to do about a refusal the service's words leave open: a type of uploads that belong to an
 * academy (the deployed server's `media`) sent to the user's own endpoints.
 */
function adviceFor(cause: unknown): string {
  if (!(cause instanceof APIError) || cause.code !== 'unauthorized-media-upload') return '';
  return "; this operation type is uploaded to an academy: give the upload's (or the client's) `academy`, your academy's id (the seatpay command: --academy <id>)";
}
