import { AbortError } from '../../core/errors/abort-error.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import type { ChunkRange } from './chunk-plan.js';
import type { ChunkReader, PieceReader } from './chunk-reader.js';
import { FillingChunk } from './filling-chunk.js';
import { SourceReadError } from './source-read-error.js';

/**
 * Reads a stream into chunk-sized buffers, one chunk after the other.
 *
 * A chunk can be sent while it is read ({@link StreamReader.stream}): each piece of the stream is
 * copied into the chunk's buffer, and the sender takes it from there at once. Each chunk's buffer
 * is taken only when the previous chunk has been read, so buffers exist only for the chunks being
 * sent plus the one being filled: at most `concurrency + 1` of them, or as many as `holdAtMost`
 * allows. Buffers are fresh allocations
 * (or buffers of chunks the upload is done with), never views of the stream's pieces, so a sent
 * chunk does not keep a larger pooled buffer alive. A stream that ends before its declared size,
 * or holds more, fails the chunk it was reading: never a short or long upload.
 */
export class StreamReader implements ChunkReader {
  readonly sequential = true;
  private position = 0;
  /** How long reading the last chunk whole took. */
  private lastReadMs: number | undefined;
  private leftover: Uint8Array | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Set once a read failed or the upload stopped: later chunks cannot be read in order. */
  private stopped = false;
  /**
   * Fires once the reader is closed, ending a pending read: a stream that stalls (a Node Readable
   * or an async generator that never yields again) would otherwise hold the upload, and its
   * abort, forever, since nothing can end a pending `next()` of an arbitrary async iterator.
   */
  private readonly stop = new AbortController();
  /** Buffers of chunks the upload is done with, filled again (no garbage per chunk). */
  private readonly spare: ArrayBuffer[] = [];
  /** Chunks handed out and not yet released, and how many may be (see `holdAtMost`). */
  private held = 0;
  private maxHeld = Infinity;
  /** Wakes a chunk waiting for a release to be read. */
  private freed: (() => void) | undefined;
  /** The chunks handed out and still being read: their buffers are not reused before they are. */
  private readonly filling = new Map<Uint8Array, FillingChunk>();
  /** Gets every byte read, once, in order (see `observe`). */
  private consumer: ((bytes: Uint8Array) => void | Promise<void>) | undefined;
  /** The longest wait for the stream's next piece or its end (see `stallAfter`). */
  private stallMs = Infinity;
  /** Bytes the stream gave so far (what a stall's message names). */
  private given = 0;
  /** The chunk being read, which an attempt sending it while it is read may be waiting on. */
  private sending: FillingChunk | undefined;

  constructor(
    private readonly pieces: PieceReader,
    readonly size: number,
  ) {}

  read(range: ChunkRange): Promise<Uint8Array> {
    return this.stream(range).then((chunk) => chunk.whole);
  }

  /**
   * Chunk `range`, once its reading starts (the previous chunk was read whole): its bytes arrive
   * in it as the stream gives them. Chunks are taken in index order and read in the same order.
   */
  stream(range: ChunkRange): Promise<FillingChunk> {
    const started = this.queue.then(() => this.start(range));
    this.queue = started
      .then((chunk) => chunk.whole)
      .catch(() => {
        this.stopped = true;
      });
    return started;
  }

  /**
   * At most `chunks` chunks held at once (handed out and not yet released): the next waits for a
   * release before its reading starts. Chunks sent while they are read need two (the one read and
   * sent, the one waiting for its answer); more hide the answers' latency, each `chunk_size` bytes.
   */
  holdAtMost(chunks: number): void {
    this.maxHeld = Math.max(1, chunks);
  }

  /** The upload is done with `chunk` (acknowledged or failed for good): its buffer is reused. */
  release(chunk: Uint8Array | Blob): void {
    if (!(chunk instanceof Uint8Array)) return;
    this.held--;
    const freed = this.freed;
    this.freed = undefined;
    freed?.();
    const filling = this.filling.get(chunk);
    // Still being read (an attempt answered before its body was all sent): reused once read.
    if (filling)
      filling.whole.then(
        () => this.reuse(chunk),
        () => undefined,
      );
    else this.reuse(chunk);
  }

  /**
   * A stream that gives no piece and does not end for `ms` while no attempt waits on it fails the
   * upload as a source that stalled. An attempt sending a chunk while it is read times out and is
   * retried as before; but a chunk read whole first, a resumed chunk read again, or the wait for
   * the end after the last declared byte had no timeout and, with no signal, waited for good.
   */
  stallAfter(ms: number): void {
    this.stallMs = ms;
  }

  observe(consumer: (bytes: Uint8Array) => void | Promise<void>): void {
    this.consumer = consumer;
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.leftover = undefined;
    this.sending = undefined;
    this.spare.length = 0;
    this.stop.abort(new AbortError('The upload stopped reading the stream'));
    await this.pieces.cancel();
  }

  private async start(range: ChunkRange): Promise<FillingChunk> {
    if (this.stopped) throw new AbortError('The upload stopped reading the stream');
    if (range.start < this.position) {
      throw new SeatpayError(`Stream read out of order at byte ${range.start}`);
    }
    // A resumed upload skips the chunks already acknowledged: their bytes are read and dropped.
    await this.skipTo(range.start);
    while (this.held >= this.maxHeld) await this.untilFreed();
    this.held++;
    const chunk = new FillingChunk(this.bufferOf(range.end - range.start), this.lastReadMs);
    this.filling.set(chunk.bytes, chunk);
    const started = Date.now();
    this.fill(chunk, range.end).then(
      () => {
        this.lastReadMs = Date.now() - started;
        chunk.complete();
      },
      (error: unknown) => {
        this.stopped = true;
        chunk.fail(error);
      },
    );
    void chunk.whole.finally(() => this.filling.delete(chunk.bytes)).catch(() => undefined);
    return chunk;
  }

  private async fill(chunk: FillingChunk, end: number): Promise<void> {
    this.sending = chunk;
    const buffer = chunk.bytes;
    let filled = 0;
    while (filled < buffer.byteLength) {
      const piece = this.leftover ?? (await this.nextPiece());
      if (piece === undefined) throw this.sizeMismatch(this.position + filled, 'ended after');
      const take = Math.min(piece.byteLength, buffer.byteLength - filled);
      buffer.set(take === piece.byteLength ? piece : piece.subarray(0, take), filled);
      this.leftover = take < piece.byteLength ? piece.subarray(take) : undefined;
      // Hashed as read, in order, before the sender may see it.
      await this.consumer?.(buffer.subarray(filled, filled + take));
      filled += take;
      chunk.grew(filled);
    }
    this.position = end;
    if (end === this.size) await this.expectEnd();
  }

  /** Settles at the next release, or rejects once the reader is closed. */
  private untilFreed(): Promise<void> {
    const { signal } = this.stop;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onStop = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onStop, { once: true });
      this.freed = () => {
        signal.removeEventListener('abort', onStop);
        resolve();
      };
    });
  }

  private reuse(chunk: Uint8Array): void {
    if (!this.stopped) this.spare.push(chunk.buffer as ArrayBuffer);
  }

  private bufferOf(size: number): Uint8Array {
    const at = this.spare.findIndex((buffer) => buffer.byteLength >= size);
    if (at < 0) return new Uint8Array(size);
    const [buffer] = this.spare.splice(at, 1);
    return new Uint8Array(buffer!, 0, size);
  }

  private async skipTo(start: number): Promise<void> {
    while (this.position < start) {
      const piece = this.leftover ?? (await this.nextPiece());
      if (piece === undefined) throw this.sizeMismatch(this.position, 'ended after');
      const take = Math.min(piece.byteLength, start - this.position);
      await this.consumer?.(piece.subarray(0, take));
      this.leftover = take < piece.byteLength ? piece.subarray(take) : undefined;
      this.position += take;
    }
  }

  /** The last chunk is complete: the stream must hold nothing more. */
  private async expectEnd(): Promise<void> {
    const extra = this.leftover ?? (await this.nextPiece());
    if (extra !== undefined)
      throw this.sizeMismatch(this.size + extra.byteLength, 'holds at least');
  }

  /** The next non-empty piece, or `undefined` at the end of the stream. */
  private async nextPiece(): Promise<Uint8Array | undefined> {
    for (;;) {
      const { value, done } = await this.nextOrStop();
      // Cancelled while waiting: the stream's end is not a real end then.
      if (this.stopped) throw new AbortError('The upload stopped reading the stream');
      if (done) return undefined;
      if (!(value instanceof Uint8Array)) {
        throw new SeatpayError('The stream must yield Uint8Array pieces (a Node Buffer is one)');
      }
      if (value.byteLength > 0) {
        this.given += value.byteLength;
        return value;
      }
    }
  }

  /**
   * The stream's next piece, or the close. Not `Promise.race` with one long-lived promise: each
   * race would leave a reaction on it holding its piece until the close, that is the whole stream.
   */
  private nextOrStop(): Promise<IteratorResult<unknown>> {
    const { signal } = this.stop;
    return new Promise((resolve, reject) => {
      let stall: ReturnType<typeof setTimeout> | undefined;
      // Also on the close: a stalled stream's read never settles, and its timer must not outlive it.
      const done = () => {
        clearTimeout(stall);
        signal.removeEventListener('abort', onStop);
      };
      const onStop = () => {
        done();
        reject(signal.reason as Error);
      };
      if (signal.aborted) return onStop();
      signal.addEventListener('abort', onStop, { once: true });
      // A chunk an attempt is waiting on stalls on that attempt's timeout and retries instead.
      const ms = this.stallMs;
      const watch = () => {
        stall = setTimeout(() => (this.sending?.awaited ? watch() : reject(this.stalled(ms))), ms);
      };
      if (ms < 2 ** 31) watch();
      this.pieces.next().then(resolve, reject).finally(done);
    });
  }

  private stalled(ms: number): SourceReadError {
    return new SourceReadError(
      `the stream gave no bytes and did not end for ${ms} ms (the upload's chunkTimeout) after ${this.given} bytes: it stalled`,
    );
  }

  private sizeMismatch(bytes: number, what: 'ended after' | 'holds at least'): SourceReadError {
    return new SourceReadError(
      `the stream ${what} ${bytes} bytes, but its declared size is ${this.size} (bytes put in with unshift count, bytes read out by others are lost)`,
    );
  }
}
