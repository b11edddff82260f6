import type { ByteRangeReader } from '../../platform/platform.js';

/** The most bytes handed to the sender at once: large enough that per-piece costs vanish. */
const PIECE_BYTES = 1024 * 1024;
/**
 * The fewest bytes handed to the sender at once while the chunk is read (its end excepted): a
 * stream of tiny pieces (a few hundred bytes) would otherwise cost a socket write for each.
 */
const MIN_PIECE_BYTES = 64 * 1024;

/**
 * A stream's chunk that can be sent while it is still being read: the reader copies each piece of
 * the stream into `bytes`, and {@link FillingChunk.readRange} hands the sender what is already
 * there, waiting for the rest. The bytes stay in `bytes` until the upload is done with the chunk,
 * so a retried attempt sends exactly the bytes of the first one (it reads `bytes` again from its
 * start). A failed read (the stream erred, or ended before or ran past its declared size) fires
 * {@link FillingChunk.failed} first, then ends every wait with the error.
 */
export class FillingChunk {
  /** Settles once every byte of the chunk was read (and the stream checked, for the last one). */
  readonly whole: Promise<Uint8Array>;
  /** Fires, with the read's error as its reason, when the chunk cannot be read whole. */
  readonly failed: AbortSignal;
  private readonly failure = new AbortController();
  private filled = 0;
  private done = false;
  private attemptsOver = false;
  private wake: { promise: Promise<void>; resolve: () => void; need: number } | undefined;
  /** What the chunk's last bytes wait for: its digest in the resume record (see {@link holdEnd}). */
  private endHold: Promise<unknown> | undefined;
  private resolveWhole!: (bytes: Uint8Array) => void;
  private rejectWhole!: (error: unknown) => void;

  /**
   * @param bytes The chunk's buffer; it gets this chunk's `readRange`, the port through which the
   *   sender finds it (see `rangeReaderOf`).
   * @param previousReadMs How long reading the previous chunk took (undefined for the first).
   */
  constructor(
    readonly bytes: Uint8Array,
    readonly previousReadMs: number | undefined,
  ) {
    Object.defineProperty(bytes, 'readRange', { value: this.readRange });
    this.failed = this.failure.signal;
    this.whole = new Promise<Uint8Array>((resolve, reject) => {
      this.resolveWhole = resolve;
      this.rejectWhole = reject;
    });
    this.whole.catch(() => undefined); // a failure is seen through `failed` or a pending read
  }

  /** An attempt sending the chunk is waiting for bytes not read yet. */
  get awaited(): boolean {
    return this.wake !== undefined && !this.attemptsOver;
  }

  /**
   * The chunk's call settled (an answer that came before its body was all sent, say): a wait
   * left by one of its attempts is no attempt's any more.
   */
  attemptsEnded(): void {
    this.attemptsOver = true;
  }

  /**
   * The chunk's last bytes go out only once `until` settled (its digest written in the resume
   * record, or given up on): the service cannot store a chunk it has not had whole, so a crash
   * never leaves it holding a chunk whose bytes the record does not name (as a file's chunk,
   * recorded before it leaves). Settling either way: a failure is the chunk's own to report.
   */
  holdEnd(until: Promise<unknown>): void {
    this.endHold = until.catch(() => undefined);
  }

  /** The reader copied bytes up to `filled` into `bytes`. */
  grew(filled: number): void {
    this.filled = filled;
    if (this.wake && filled >= this.wake.need) this.wakeAll();
  }

  /** Every byte is there (and the stream holds no more than declared, for the last chunk). */
  complete(): void {
    if (this.done) return;
    this.done = true;
    this.resolveWhole(this.bytes);
    this.wakeAll();
  }

  /** The chunk cannot be read whole: the attempts sending it stop, then their pending reads end. */
  fail(error: unknown): void {
    if (this.done) return;
    this.done = true;
    this.failure.abort(error);
    this.rejectWhole(error);
    this.wakeAll();
  }

  /**
   * Bytes `[start, end)` of the chunk, as views of `bytes`, each as soon as it was read. An attempt
   * that started before the chunk was read whole waits for the rest; a failed read rejects.
   */
  readonly readRange: ByteRangeReader = (start, end) => this.pieces(start, end);

  private async *pieces(start: number, end: number): AsyncGenerator<Uint8Array> {
    let at = start;
    while (at < end) {
      if (this.failed.aborted) throw this.failed.reason;
      const need = Math.min(end, at + MIN_PIECE_BYTES);
      if (this.filled < need && !this.done) {
        await this.grown(need);
        continue;
      }
      const to = Math.min(end, this.filled, at + PIECE_BYTES);
      if (to === this.bytes.byteLength && this.endHold) {
        await this.endHold;
        if (this.failed.aborted) throw this.failed.reason;
      }
      yield this.bytes.subarray(at, to);
      at = to;
    }
  }

  /** Settles once bytes up to `need` are read, or the chunk is complete or failed. */
  private grown(need: number): Promise<void> {
    if (this.wake) {
      // Several attempts may wait (a retry after an early answer): the first to need wakes both.
      this.wake.need = Math.min(this.wake.need, need);
      return this.wake.promise;
    }
    let resolve!: () => void;
    const promise = new Promise<void>((res) => (resolve = res));
    this.wake = { promise, resolve, need };
    return promise;
  }

  private wakeAll(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.resolve();
  }
}
