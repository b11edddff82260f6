// In Node, a plain fs.ReadStream no one else reads hands the upload a fresh buffer per read of the
// file: each is freed (its buffer detached) once copied into its chunk, rather than left to the
// garbage collector (up to 64 MiB of them waiting, a full collection each time). A piece anyone
// else may hold is never freed: one read and put back before the upload, one a 'data' listener
// also got, one a custom `fs` handed back, one of a ReadStream of another class.
import fs, { ReadStream, createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';
import { watchFrees, type Es2024Buffer } from './support/watch-frees.js';

const KiB = 1024;
const CHUNK = 1024 * KiB;
const PIECE = 256 * KiB;
let dir: string;
let path: string;
let bytes: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-read-stream-'));
  path = join(dir, 'clip.bin');
  bytes = bytesOf(2 * CHUNK + 333);
  await writeFile(path, bytes);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const sink = useChunkSink({ operationTypes: { big: { chunk_size: CHUNK, max_chunks: null } } });
afterEach(() => void vi.restoreAllMocks());

const options = { operation_type: 'big', filename: 'clip.bin' };
const stored = (id: number) => sink().files.find((file) => file.id === id)!.bytes;
const total = (sizes: number[]) => sizes.reduce((sum, size) => sum + size, 0);
const upload = (stream: AsyncIterable<Uint8Array>) =>
  sinkClient(sink()).media.upload({ stream, size: bytes.byteLength }, options);
const detached = (piece: Uint8Array) => (piece.buffer as Es2024Buffer).detached;

/**
 * Resolves once `stream` holds `bytes` it read and no one took, told by its own 'readable' event
 * (emitted after each piece it pushes, once the upload's listener has taken what it wants): not
 * a poll with a budget, which under load ran out before the read came.
 */
function holding(stream: ReadStream, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (stream.readableLength < bytes) return;
      stream.off('readable', check);
      resolve();
    };
    stream.on('readable', check);
    check();
  });
}

/** Someone else held these pieces (there were some): none of them may have been freed. */
function expectNoneFreed(pieces: Buffer[]) {
  expect(pieces.length).toBeGreaterThan(0);
  for (const piece of pieces) expect(detached(piece)).toBe(false);
}

type Read = (
  fd: number,
  buffer: Buffer,
  offset: number,
  length: number,
  position: number | null,
  callback: (error: Error | null, bytesRead: number, buffer: Buffer) => void,
) => void;

/**
 * `read` made to hand back buffers of its own (as a cache or a mock does), which it keeps in
 * `kept`: the stream's pieces are then someone else's.
 */
function ownBuffersRead(read: Read, kept: Buffer[]): Read {
  return (fd, buffer, offset, length, position, callback) =>
    read(fd, buffer, offset, length, position, (error, bytesRead) => {
      const own = Buffer.from(buffer.subarray(offset, offset + bytesRead));
      kept.push(own);
      callback(error, bytesRead, own);
    });
}

describe('in Node, an upload from an fs.ReadStream', () => {
  it('frees every piece the stream read once it is copied, and stores the file whole', async () => {
    const frees = watchFrees();
    const file = await upload(createReadStream(path, { highWaterMark: PIECE }));
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    // Every byte of the file went through a piece that was freed: 256 KiB reads and the 333 left.
    expect(total(frees)).toBe(bytes.byteLength);
  });

  it('never frees a piece read and put back before the upload: the caller holds it', async () => {
    const frees = watchFrees();
    const stream = createReadStream(path, { highWaterMark: PIECE });
    await once(stream, 'readable');
    const head = stream.read() as Buffer;
    stream.unshift(head);
    const file = await upload(stream);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(detached(head)).toBe(false);
    expect(frees).toEqual([]);
  });

  it('never frees a header of the caller put in front of the file (`unshift` before any read)', async () => {
    const frees = watchFrees();
    const header = Buffer.alloc(1000, 7); // a buffer of its own, not a slice of Node's pool
    const stream = createReadStream(path, { highWaterMark: PIECE });
    stream.unshift(header);
    const file = await sinkClient(sink()).media.upload(
      { stream, size: header.byteLength + bytes.byteLength },
      options,
    );
    expect(sha256(stored(file.id))).toBe(sha256(Buffer.concat([Buffer.alloc(1000, 7), bytes])));
    expect(detached(header)).toBe(false);
    expect(header).toEqual(Buffer.alloc(1000, 7));
    expect(frees).toEqual([]);
  });

  it('never frees a piece the caller read and put back mid-upload: the caller still holds it', async () => {
    const frees = watchFrees();
    // Chunk 0, the 4 MiB the upload reads ahead, and one piece more: the file's last piece, which
    // the stream holds until the upload has room for it.
    const big = bytesOf(5 * CHUNK + PIECE);
    const bigPath = join(dir, 'big.bin');
    await writeFile(bigPath, big);
    const stream = createReadStream(bigPath, { highWaterMark: PIECE });
    // Chunk 0's answer held: the upload reads ahead until it stops, and the stream then holds a
    // piece of its own. The caller peeks at it and puts it back: as many bytes out as in, so the
    // bytes read and held still add up.
    sink().fault(0, { kind: 'stored-held' });
    const upload = sinkClient(sink()).media.upload(
      { stream, size: big.byteLength },
      { ...options, concurrency: 1 },
    );
    await sink().until(() => sink().held().includes(0));
    await holding(stream, PIECE);
    expect(stream.readableLength).toBe(PIECE);
    const peeked = stream.read() as Buffer;
    const copy = Buffer.from(peeked);
    stream.unshift(peeked);
    sink().release(0);
    const file = await upload;
    expect(sha256(stored(file.id))).toBe(sha256(big));
    expect(detached(peeked)).toBe(false);
    expect(peeked).toEqual(copy);
    // What was freed was read before the caller came: not the piece the caller holds.
    expect(total(frees)).toBeLessThanOrEqual(big.byteLength - PIECE);
  });

  it("stops freeing once a 'data' listener is added: it gets the same pieces", async () => {
    const frees = watchFrees();
    const stream = createReadStream(path, { highWaterMark: PIECE });
    const seen: Buffer[] = [];
    // At the first progress report (bytes already read and freed), a listener comes: paused
    // first, so that it only watches the pieces the upload reads.
    const onProgress = () => {
      if (stream.listenerCount('data') > 0) return;
      stream.pause();
      stream.on('data', (piece) => seen.push(piece as Buffer));
    };
    const file = await sinkClient(sink()).media.upload(
      { stream, size: bytes.byteLength },
      { ...options, onProgress },
    );
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expectNoneFreed(seen);
    // What was freed was read before the listener came: less than the file.
    expect(total(frees)).toBeLessThan(bytes.byteLength);
  });

  it('never frees what a custom fs hands back, nor the pieces of a ReadStream subclass or tapped emit', async () => {
    const frees = watchFrees();
    const kept: Buffer[] = [];
    // An `fs` whose reads hand back buffers of its own (a cache, say), which it keeps.
    const caching = { open: fs.open, close: fs.close, read: ownBuffersRead(fs.read, kept) };
    const first = await upload(createReadStream(path, { highWaterMark: PIECE, fs: caching }));
    expect(sha256(stored(first.id))).toBe(sha256(bytes));
    expectNoneFreed(kept);

    // Node's typings hide ReadStream's constructor (createReadStream is the documented way).
    const Plain = ReadStream as unknown as new (path: string, options: object) => ReadStream;
    class TracedStream extends Plain {}
    const traced = new TracedStream(path, { highWaterMark: PIECE });
    const second = await upload(traced);
    expect(sha256(stored(second.id))).toBe(sha256(bytes));

    // A tap on `emit` (as progress libraries wrap it) sees every 'data' piece: they stay whole.
    const tapped = createReadStream(path, { highWaterMark: PIECE });
    const emit = tapped.emit.bind(tapped);
    const watched: Buffer[] = [];
    tapped.emit = (event: string | symbol, ...args: unknown[]) => {
      if (event === 'data') watched.push(args[0] as Buffer);
      return emit(event, ...args);
    };
    const third = await upload(tapped);
    expect(sha256(stored(third.id))).toBe(sha256(bytes));
    expectNoneFreed(watched);
    expect(frees).toEqual([]);
  });

  it('never frees what a patched fs.read hands back (a cache of its own, a mock)', async () => {
    const frees = watchFrees();
    const kept: Buffer[] = [];
    const caching = ownBuffersRead(fs.read, kept);
    vi.spyOn(fs, 'read').mockImplementation(caching as typeof fs.read);
    const file = await upload(createReadStream(path, { highWaterMark: PIECE }));
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expectNoneFreed(kept);
    expect(frees).toEqual([]);
  });

  it("never frees a piece a tap on ReadStream's prototype sees (every file stream's 'data')", async () => {
    const frees = watchFrees();
    const watched: Buffer[] = [];
    // A metrics or progress library wraps the class's emit once, for every file stream after.
    const prototype = ReadStream.prototype as { emit: ReadStream['emit'] };
    const emit = prototype.emit;
    const own = Object.getOwnPropertyDescriptor(prototype, 'emit');
    prototype.emit = function (this: ReadStream, event: string | symbol, ...args: unknown[]) {
      if (event === 'data') watched.push(args[0] as Buffer);
      return emit.call(this, event, ...args);
    };
    try {
      const file = await upload(createReadStream(path, { highWaterMark: PIECE }));
      expect(sha256(stored(file.id))).toBe(sha256(bytes));
    } finally {
      if (own) Object.defineProperty(prototype, 'emit', own);
      else delete (prototype as { emit?: unknown }).emit; // back to the inherited one
    }
    expectNoneFreed(watched);
    expect(frees).toEqual([]);
  });

  it('fails as a source error, finalizing nothing, when the file is shorter or longer than declared', async () => {
    const short = sinkClient(sink()).media.upload(
      { stream: createReadStream(path, { highWaterMark: PIECE }), size: bytes.byteLength + 10 },
      options,
    );
    await expect(short).rejects.toMatchObject({
      name: 'UploadSourceError',
      cause: { message: expect.stringMatching(/ended after \d+ bytes/) },
    });
    const long = sinkClient(sink()).media.upload(
      { stream: createReadStream(path, { highWaterMark: PIECE }), size: bytes.byteLength - 10 },
      options,
    );
    await expect(long).rejects.toMatchObject({
      name: 'UploadSourceError',
      cause: { message: expect.stringMatching(/holds at least/) },
    });
    expect(sink().files).toEqual([]);
  });

  it("fails with the stream's own error when it errs mid-file, and the stream is destroyed", async () => {
    const stream = createReadStream(path, { highWaterMark: PIECE });
    const error = new Error('disk on fire');
    const onProgress = () => void stream.destroy(error);
    const failed = sinkClient(sink()).media.upload(
      { stream, size: bytes.byteLength },
      { ...options, onProgress },
    );
    await expect(failed).rejects.toMatchObject({ name: 'UploadSourceError', cause: error });
    expect(sink().files).toEqual([]);
  });

  it('ends with the signal, the file stream destroyed (its file closed), nothing finalized', async () => {
    const stream = createReadStream(path, { highWaterMark: PIECE });
    const controller = new AbortController();
    const reason = new Error('user left');
    const onProgress = () => controller.abort(reason);
    const aborted = sinkClient(sink()).media.upload(
      { stream, size: bytes.byteLength },
      { ...options, onProgress, signal: controller.signal },
    );
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    // Destroyed by the time the upload rejects; its file then closes (the stream's own 'close').
    expect(stream.destroyed).toBe(true);
    if (!stream.closed) await once(stream, 'close');
    expect(stream.closed).toBe(true);
    expect(sink().files).toEqual([]);
  });
});
