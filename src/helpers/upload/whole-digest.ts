import { platform } from '#platform';
import { AbortError } from '../../core/errors/abort-error.js';
import { untilAborted } from '../../core/retry/until-aborted.js';
import type { IncrementalDigest } from '../../platform/platform.js';
import { piecesOf, readBlobInto } from './blob-pieces.js';
import { rangeReaderOf } from './byte-ranges.js';
import { chunkRange, type ChunkPlan, type ChunkRange } from './chunk-plan.js';
import type { ChunkReader } from './chunk-reader.js';
import { digestReadError } from './source-read-error.js';

/** Bytes hashed between two turns of the event loop, so that the sockets are fed meanwhile. */
const HASH_PIECE_BYTES = 1024 * 1024;
/**
 * How many chunks a Blob's read may run ahead of the hash: one, whatever the concurrency. The
 * chunk being hashed, the one read next and those still being sent are all that is held. A Blob of
 * 256 MiB at concurrency 4 peaked 46 to 56 MiB over baseline, against 80 to 81 when reads ran the
 * concurrency ahead, at the same speed (BENCHMARKS.md, stream22).
 */
const READ_AHEAD_OF_HASH = 1;

/**
 * An MD5 of the whole source, the name the service gives the file it assembles: node:crypto's in
 * Node, else seatpay's own, loaded here, on the first upload that checks its digest.
 */
export async function openMd5(): Promise<IncrementalDigest> {
  if (platform.md5) return platform.md5();
  const { Md5 } = await import('./md5.js');
  return new Md5();
}

/**
 * The md5 of every byte of a source that answers any range (a Blob, a file, bytes), taken from the
 * chunks as the upload reads them to send them, hashed in index order while chunks go out and
 * finish in any order. Each byte is read once where the source allows it:
 *
 * - bytes in memory are hashed where they are: no read at all;
 * - a Blob (a File not from `fromPath`) has each chunk read once into a buffer, hashed there and
 *   sent from it, where it used to be read by the sender and again by the hash;
 * - `fromPath` chunks are streamed from disk by the sender and read again for the hash, from the
 *   page cache, into one reused buffer: cheaper than holding chunks that finish out of order
 *   (BENCHMARKS.md, issue 40).
 *
 * Chunks acknowledged by an earlier run (a resume) are not sent: they are read for the hash
 * alone, in their place. A chunk is hashed as soon as it is read, in order, while it goes out. A
 * Blob's chunk read into a buffer waits while it is more than `READ_AHEAD_OF_HASH` chunks ahead of
 * the hash, so that the buffers held for a hash that fell behind (the CPU is short) stay a bounded
 * few; bytes and files cost nothing to hold, and never wait.
 */
export class InOrderDigest implements ChunkReader {
  readonly sequential = false;
  readonly size: number;
  /** Resolves with the hex md5 once every chunk was hashed; rejects once the reader is closed. */
  readonly result: Promise<string>;
  private readonly arrivals = new Map<number, Arrival>();
  /** Chunks `[0, hashed)` are in the digest. */
  private hashed = 0;
  private waiters: { upTo: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private stopped: unknown;
  /** Fires with `stop`: ends the wait on a digest's pending update (one that is not synchronous). */
  private readonly stopper = new AbortController();
  /** Buffers of a Blob's chunks, by how many uses (the hash, the send) are still to come. */
  private readonly uses = new Map<Uint8Array, number>();
  private readonly spare: ArrayBuffer[] = [];

  constructor(
    private readonly source: ChunkReader,
    private readonly plan: ChunkPlan,
    private readonly digest: IncrementalDigest,
    /** The chunks acknowledged before this run (a snapshot: the session's set grows). */
    private readonly acknowledged: ReadonlySet<number>,
  ) {
    this.size = source.size;
    // A hash that fails (a resumed chunk's read) stops the reads that wait on it.
    this.result = this.hashAll().catch((error: unknown) => {
      this.stop(error);
      throw error;
    });
    this.result.catch(() => undefined);
  }

  async read(range: ChunkRange): Promise<Blob | Uint8Array> {
    try {
      const read = await this.source.read(range);
      // Only a chunk that becomes a buffer costs memory while it waits for the hash: bytes are
      // the caller's, a file is read again. Those never wait, so the sends keep the link busy.
      if (needsBuffer(read)) await this.hashReached(range.index - READ_AHEAD_OF_HASH);
      const fresh = range.index >= this.hashed && !this.arrival(range.index).settled;
      const chunk = needsBuffer(read) ? await this.buffered(read, fresh) : read;
      if (fresh) this.arrival(range.index).resolve(chunk);
      return chunk;
    } catch (error) {
      // The hash waiting for this chunk fails with it (a chunk already hashed is left alone).
      if (range.index >= this.hashed) this.arrival(range.index).reject(error);
      throw error;
    }
  }

  release(chunk: Blob | Uint8Array): void {
    if (chunk instanceof Uint8Array) this.used(chunk);
    this.source.release?.(chunk);
  }

  /** Stops the hash at its next piece and resolves once it stopped: nothing is left running. */
  async close(): Promise<void> {
    this.stop(new AbortError('The upload stopped before its md5 was complete'));
    await this.result.catch(() => undefined);
    await this.source.close();
  }

  /** A Blob's chunk read once into a buffer, sent and hashed from it, reused once both are done. */
  private async buffered(chunk: Blob, forHash: boolean): Promise<Uint8Array> {
    const buffer = this.bufferOf(chunk.size);
    this.uses.set(buffer, forHash ? 2 : 1);
    try {
      await readBlobInto(chunk, buffer);
    } catch (error) {
      this.uses.delete(buffer);
      throw error;
    }
    return buffer;
  }

  private async hashAll(): Promise<string> {
    try {
      return await this.hashChunks();
    } catch (error) {
      throw digestReadError(error, 'its md5');
    }
  }

  private async hashChunks(): Promise<string> {
    for (let index = 0; index < this.plan.totalChunks; index++) {
      const chunk = this.acknowledged.has(index)
        ? await this.source.read(chunkRange(this.plan, index))
        : await this.arrival(index).promise;
      await this.hash(chunk);
      if (this.acknowledged.has(index)) this.source.release?.(chunk);
      else if (chunk instanceof Uint8Array) this.used(chunk);
      this.arrivals.delete(index);
      this.hashed = index + 1;
      this.wake();
    }
    return this.digest.digest();
  }

  private async hash(chunk: Blob | Uint8Array): Promise<void> {
    if (chunk instanceof Uint8Array) {
      for (let at = 0; at < chunk.byteLength; at += HASH_PIECE_BYTES) {
        this.throwIfStopped();
        await this.update(chunk.subarray(at, at + HASH_PIECE_BYTES));
        await nextTurn();
      }
      return;
    }
    for await (const piece of piecesOf(chunk)) {
      this.throwIfStopped();
      await this.update(piece);
    }
  }

  /** Feeds `bytes` to the digest; a stopped hash no longer waits on an update still pending. */
  private async update(bytes: Uint8Array): Promise<void> {
    const pending = this.digest.update(bytes);
    if (pending) await untilAborted(pending, this.stopper.signal, () => this.stopped);
  }

  private arrival(index: number): Arrival {
    let arrival = this.arrivals.get(index);
    if (!arrival) this.arrivals.set(index, (arrival = new Arrival()));
    if (this.stopped !== undefined) arrival.reject(this.stopped);
    return arrival;
  }

  /** Resolves once chunks `[0, upTo)` are hashed. */
  private hashReached(upTo: number): Promise<void> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    if (this.hashed >= upTo) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo, resolve, reject }));
  }

  private wake(): void {
    const ready = this.waiters.filter((waiter) => this.hashed >= waiter.upTo);
    this.waiters = this.waiters.filter((waiter) => this.hashed < waiter.upTo);
    for (const waiter of ready) waiter.resolve();
  }

  private stop(reason: unknown): void {
    if (this.stopped !== undefined) return;
    this.stopped = reason;
    this.stopper.abort(reason);
    for (const arrival of this.arrivals.values()) arrival.reject(reason);
    for (const waiter of this.waiters) waiter.reject(reason);
    this.waiters = [];
    this.spare.length = 0;
  }

  private throwIfStopped(): void {
    if (this.stopped !== undefined) throw this.stopped;
  }

  private bufferOf(size: number): Uint8Array {
    const at = this.spare.findIndex((buffer) => buffer.byteLength >= size);
    if (at < 0) return new Uint8Array(size);
    const [buffer] = this.spare.splice(at, 1);
    return new Uint8Array(buffer!, 0, size);
  }

  /** One use of a Blob chunk's buffer is over; after the last, it is filled again. */
  private used(buffer: Uint8Array): void {
    const left = this.uses.get(buffer);
    if (left === undefined) return;
    if (left > 1) return void this.uses.set(buffer, left - 1);
    this.uses.delete(buffer);
    if (this.stopped === undefined) this.spare.push(buffer.buffer as ArrayBuffer);
  }
}

/** A Blob without a range reader of its own: its chunks are read once into a buffer. */
function needsBuffer(chunk: Blob | Uint8Array): chunk is Blob {
  return !(chunk instanceof Uint8Array) && !rangeReaderOf(chunk);
}

/** A chunk the hash waits for: read by the upload's delivery of it, or failed. */
class Arrival {
  settled = false;
  readonly promise: Promise<Blob | Uint8Array>;
  resolve!: (chunk: Blob | Uint8Array) => void;
  reject!: (error: unknown) => void;

  constructor() {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = (chunk) => {
        this.settled = true;
        resolve(chunk);
      };
      this.reject = (error) => {
        this.settled = true;
        reject(error);
      };
    });
    this.promise.catch(() => undefined);
  }
}

/**
 * Lets the event loop run (sockets, timers) between two pieces of a long hash. Not `setTimeout`
 * where there is better: browsers clamp a chain of them to 4 ms each.
 */
function nextTurn(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = () => {
        port1.close();
        resolve();
      };
      port2.postMessage(undefined);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
