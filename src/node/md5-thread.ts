// An upload's md5 computed on a worker thread (md5-worker.ts), one worker per upload: MD5 costs
// about as much CPU as the whole upload (BENCHMARKS.md, issue 40), and on the upload's own thread
// it slows the sends. A file's ranges are read by the worker itself; other bytes are copied into
// buffers handed over, a bounded few at a time.
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { AbortError } from '../core/errors/abort-error.js';
import { SeatpayError } from '../core/errors/seatpay-error.js';
import type { FileRange, IncrementalDigest } from '../platform/platform.js';
import type { Md5Answer, Md5Job } from './md5-messages.js';

/** Bytes per buffer handed to the worker. */
const PIECE_BYTES = 4 * 1024 * 1024;
/** Buffers at most on their way or being hashed (16 MiB): past that, `update` waits. */
const PIECES_IN_FLIGHT = 4;
/** File ranges at most queued for the worker: the hash keeps busy, a failure is seen soon. */
const FILE_JOBS_AHEAD = 2;

/**
 * Starts a worker that hashes a source in the order it is fed. It keeps the process alive only
 * while it has work (a pending wait of the upload); `close()` ends it, and so does `signal`. A
 * worker that cannot start, fails or stops rejects every wait with the upload's "could not be read
 * for its md5" error: the upload is then not finalized, never resolved unchecked.
 */
export function workerMd5(signal?: AbortSignal): IncrementalDigest {
  return new WorkerMd5(signal);
}

class WorkerMd5 implements IncrementalDigest {
  private readonly worker: Worker;
  private failure: SeatpayError | undefined;
  /** Jobs sent and not answered: the worker is ref'd while there are any. */
  private pending = 0;
  private fileJobs = 0;
  /** Buffers that came back hashed, and how many were ever made. */
  private readonly spare: ArrayBuffer[] = [];
  private made = 0;
  /** The buffer being filled, and how full it is. */
  private staging: Uint8Array | undefined;
  private staged = 0;
  /** Waits for the worker's next answer (a buffer back, a range hashed) or its failure. */
  private answerWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private digestWaiter:
    { resolve: (hex: string) => void; reject: (error: unknown) => void } | undefined;
  private readonly onAbort = () =>
    this.fail(
      new AbortError('The upload stopped before its md5 was complete', {
        cause: this.signal?.reason,
      }),
    );

  constructor(private readonly signal: AbortSignal | undefined) {
    this.worker = new Worker(workerFile());
    this.worker.unref();
    this.worker.on('message', (answer: Md5Answer) => this.answered(answer));
    this.worker.on('error', (error) => this.fail(readError(error.message, error)));
    this.worker.on('messageerror', (error) => this.fail(readError(error.message, error)));
    this.worker.on('exit', (code) =>
      this.fail(readError(`its worker stopped (exit code ${code})`)),
    );
    if (signal?.aborted) this.onAbort();
    else signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  update(bytes: Uint8Array): void | Promise<void> {
    for (let at = 0; at < bytes.byteLength;) {
      this.throwIfFailed();
      if (!this.staging) {
        const buffer = this.spare.pop() ?? this.newBuffer();
        if (!buffer) {
          const rest = bytes.subarray(at);
          return this.nextAnswer().then(() => this.update(rest));
        }
        this.staging = new Uint8Array(buffer);
      }
      const take = Math.min(bytes.byteLength - at, PIECE_BYTES - this.staged);
      this.staging.set(bytes.subarray(at, at + take), this.staged);
      this.staged += take;
      at += take;
      if (this.staged === PIECE_BYTES) this.postStaged();
    }
    this.throwIfFailed();
  }

  async updateFile(range: FileRange): Promise<void> {
    this.throwIfFailed();
    // Bytes fed before this range are hashed before it.
    this.postStaged();
    while (this.fileJobs >= FILE_JOBS_AHEAD) await this.nextAnswer();
    this.throwIfFailed();
    this.fileJobs++;
    this.post({ kind: 'file', range });
  }

  async digest(): Promise<string> {
    this.throwIfFailed();
    this.postStaged();
    const hex = new Promise<string>((resolve, reject) => {
      this.digestWaiter = { resolve, reject };
    });
    this.post({ kind: 'digest' });
    return hex;
  }

  async close(): Promise<void> {
    this.fail(new AbortError('The upload stopped before its md5 was complete'));
    await this.worker.terminate();
  }

  private answered(answer: Md5Answer): void {
    if (this.failure) return;
    this.pending--;
    if (this.pending === 0) this.worker.unref();
    if (answer.kind === 'failed') return this.fail(readError(answer.message));
    if (answer.kind === 'returned') this.spare.push(answer.buffer);
    if (answer.kind === 'done') this.fileJobs--;
    if (answer.kind === 'digest') this.digestWaiter?.resolve(answer.hex);
    const waiters = this.answerWaiters;
    this.answerWaiters = [];
    for (const waiter of waiters) waiter.resolve();
  }

  /** Stops everything once: every wait rejects with `error`, and the worker is ended. */
  private fail(error: SeatpayError): void {
    if (this.failure) return;
    this.failure = error;
    this.signal?.removeEventListener('abort', this.onAbort);
    for (const waiter of this.answerWaiters) waiter.reject(error);
    this.answerWaiters = [];
    this.digestWaiter?.reject(error);
    this.spare.length = 0;
    this.staging = undefined;
    void this.worker.terminate();
  }

  private post(job: Md5Job, transfer: ArrayBuffer[] = []): void {
    if (this.pending++ === 0) this.worker.ref();
    this.worker.postMessage(job, transfer);
  }

  private postStaged(): void {
    if (!this.staging || this.staged === 0) return;
    const buffer = this.staging.buffer as ArrayBuffer;
    this.post({ kind: 'bytes', buffer, length: this.staged }, [buffer]);
    this.staging = undefined;
    this.staged = 0;
  }

  private newBuffer(): ArrayBuffer | undefined {
    if (this.made >= PIECES_IN_FLIGHT) return undefined;
    this.made++;
    return new ArrayBuffer(PIECE_BYTES);
  }

  private nextAnswer(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.answerWaiters.push({ resolve, reject }));
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}

/** The upload's error for a source whose md5 could not be computed: it is not finalized. */
function readError(reason: string, cause?: unknown): SeatpayError {
  return new SeatpayError(
    `The source could not be read for its md5, so the upload was not finalized: ${reason}`,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * The worker's script, beside this module: md5-worker.js in dist/ (ES module or CommonJS build
 * alike), md5-worker.ts in the sources (Node strips its types), md5-worker.mjs beside a bundle
 * named .mjs (the benches').
 */
function workerFile(): URL {
  const here =
    typeof __filename === 'string' ? pathToFileURL(__filename).href : String(import.meta.url);
  const extension = /\.(ts|mjs)$/.exec(new URL(here).pathname)?.[1] ?? 'js';
  return new URL(`./md5-worker.${extension}`, here);
}
