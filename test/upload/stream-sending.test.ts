// In Node, a stream's chunk goes out while the stream is still being read (issue 40): the chunk's
// request streams each piece as it arrives, the chunk keeps its bytes so that a retry sends exactly
// those, and a stream that errs, stalls or is aborted mid-chunk ends every wait. Through the public
// API, against a loopback sink; the stream gives its bytes only when the test says so.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError, UploadError } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';

const CHUNK = 256 * 1024;
/** Chunks this large are held two at a time (about 32 MiB of them at most, two at least). */
const LARGE = 12 * 1024 * 1024;
const PIECE = 16 * 1024;
let sink: ChunkSink;
let unhandled: unknown[];
const record = (reason: unknown) => void unhandled.push(reason);

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: {
      parts: { chunk_size: CHUNK, max_chunks: null },
      large: { chunk_size: LARGE, max_chunks: null },
    },
  });
  unhandled = [];
  process.on('unhandledRejection', record);
});
afterEach(async () => {
  // Off before anything that may throw: a listener left on would outlive this file in a shared graph.
  process.off('unhandledRejection', record);
  await sink.close();
});

/** A web stream of `bytes` that yields only what `give` lets through, in 16 KiB pieces. */
function gatedStream(bytes: Uint8Array) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let offset = 0;
  const seen = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      cancel: () => void (seen.cancelled = true),
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    seen,
    /** Lets the bytes up to `upTo` through (the stream closes after its last byte). */
    give(upTo: number) {
      for (; offset < upTo; offset += PIECE) {
        controller.enqueue(bytes.slice(offset, Math.min(upTo, offset + PIECE)));
      }
      offset = upTo;
      if (offset >= bytes.byteLength) controller.close();
    },
    fail: (error: Error) => controller.error(error),
  };
}

/** An upload of a gated stream of three and a half chunks, its progress in view. */
function startUpload(options: { chunkTimeout?: number; maxRetries?: number } = {}) {
  const bytes = bytesOf(3 * CHUNK + CHUNK / 2);
  const source = gatedStream(bytes);
  const controller = new AbortController();
  const progress = sentBytes();
  const upload = sinkClient(sink).media.upload(
    { stream: source.stream, size: bytes.byteLength },
    {
      operation_type: 'parts',
      filename: 'live.bin',
      signal: controller.signal,
      onProgress: ({ loadedBytes }) => progress.report(loadedBytes),
      ...options,
    },
  );
  upload.catch(() => undefined);
  return { bytes, source, controller, progress, upload };
}

/**
 * The bytes the upload reported sent, and `past(bytes)`: resolves at the progress report that
 * goes past them (told by the upload itself, not polled against a budget, which ran out under
 * load).
 */
function sentBytes() {
  let loaded = 0;
  const waiters: Array<{ bytes: number; resolve: () => void }> = [];
  return {
    report(bytes: number) {
      loaded = bytes;
      for (const waiter of waiters.filter((w) => loaded > w.bytes)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    past(bytes: number): Promise<void> {
      if (loaded > bytes) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ bytes, resolve }));
    },
  };
}

/** Bytes of chunk 1 went out while the stream had given only half of them. */
async function chunkOneStreaming(progress: ReturnType<typeof sentBytes>): Promise<void> {
  await progress.past(CHUNK);
}

async function expectNothingLeft(): Promise<void> {
  // Every chunk request the sink saw has closed (told by the sink as each one ends).
  await sink.until(() => sink.inFlight() === 0);
  expect(sink.inFlight()).toBe(0);
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
}

const stored = (id: number) => sink.files.find((file) => file.id === id)!.bytes;

describe('in Node, an upload from a stream', () => {
  it('sends a chunk while the stream is still giving its bytes', async () => {
    const { bytes, source, progress, upload } = startUpload();
    source.give(CHUNK + CHUNK / 2); // chunk 0, and half of chunk 1
    await chunkOneStreaming(progress);
    expect(sink.chunks.map((chunk) => chunk.index)).not.toContain(1);
    source.give(bytes.byteLength);
    const file = await upload;
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(sink.chunks.map((chunk) => chunk.index).sort()).toEqual([0, 1, 2, 3]);
  });

  it('retries a chunk cut off mid-body with exactly the bytes of its first attempt', async () => {
    // The first attempt of chunk 1 sends half the chunk, then waits for the stream past its
    // timeout; the retry starts over from the chunk's first byte, from the bytes it kept.
    const { bytes, source, progress, upload } = startUpload({ chunkTimeout: 1_500 });
    source.give(CHUNK + CHUNK / 2);
    await chunkOneStreaming(progress);
    // Chunk 0, then chunk 1's first attempt, then its retry once the first timed out.
    await sink.until(() => sink.chunkRequests === 3);
    source.give(bytes.byteLength);
    const file = await upload;
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(sink.chunks.filter((chunk) => chunk.index === 1)).toHaveLength(1);
    await expectNothingLeft();
  });

  it('fails at once with the stream’s error when it errs mid-chunk, finalizing nothing', async () => {
    const { source, progress, upload } = startUpload();
    source.give(CHUNK + CHUNK / 2);
    await chunkOneStreaming(progress);
    source.fail(new Error('disk gone'));
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({
      failedChunks: [1],
      // The source failed, not the network: said so, and never retried.
      name: 'UploadSourceError',
      message: expect.stringMatching(
        /^The source changed or could not be read while uploading \(chunk 1: disk gone\)/,
      ),
      cause: { message: 'disk gone' },
    });
    expect(sink.chunks.map((chunk) => chunk.index)).toEqual([0]);
    expect(sink.finalizeCalls).toBe(0);
    await expectNothingLeft();
  });

  it('ends the wait for a stream that stalls mid-chunk on abort, and cancels the stream', async () => {
    const { source, progress, controller, upload } = startUpload();
    source.give(CHUNK + CHUNK / 2); // then never another byte
    await chunkOneStreaming(progress);
    controller.abort(new Error('user left'));
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(source.seen.cancelled).toBe(true);
    expect(sink.finalizeCalls).toBe(0);
    await expectNothingLeft();
  });

  it('ends the wait for a stream that stalls mid-chunk once its attempts time out', async () => {
    const { source, progress, upload } = startUpload({ chunkTimeout: 1_000, maxRetries: 0 });
    source.give(CHUNK + CHUNK / 2); // then never another byte
    await chunkOneStreaming(progress);
    await expect(upload).rejects.toMatchObject({ name: 'UploadError', failedChunks: [1] });
    expect(source.seen.cancelled).toBe(true);
    expect(sink.finalizeCalls).toBe(0);
    await expectNothingLeft();
  });

  it('holds about 32 MiB of chunks at most, whatever the concurrency', async () => {
    for (const index of [0, 1, 2]) sink.fault(index, { kind: 'pass', hold: true });
    const bytes = bytesOf(3 * LARGE);
    const source = gatedStream(bytes);
    const upload = sinkClient(sink).media.upload(
      { stream: source.stream, size: bytes.byteLength },
      { operation_type: 'large', filename: 'live.bin', concurrency: 4 },
    );
    source.give(bytes.byteLength);
    // Chunks 0 and 1 (24 MiB) wait for their answers: chunk 2 is not read (nor sent) before one
    // of them is done.
    await sink.until(() => sink.held().length === 2);
    expect(sink.held()).toEqual([0, 1]);
    expect(sink.inFlight()).toBe(2);
    sink.release(0);
    await sink.until(() => sink.held().includes(2));
    sink.release(1);
    sink.release(2);
    expect(sha256(stored((await upload).id))).toBe(sha256(bytes));
  });
});
