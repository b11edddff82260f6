import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  BadRequestError,
  InternalServerError,
  type ChunkRecord,
  type DeliveredChunk,
} from '../../src/index.js';
import { ANSWER_GRACE_MS } from '../../src/helpers/upload/chunk-stop.js';
import { holdTimers } from '../reliability/support/held-timers.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient, uploadNameOf } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
const options = { operation_type: 'small', filename: 'clip.bin', mime: 'video/mp4' };

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => sink.close());

const attemptsOf = (index: number) => sink.chunks.filter((c) => c.index === index).length;
const stored = (id: number) => sink.files.find((f) => f.id === id)!.bytes;

describe('a chunk that fails', () => {
  it('is retried on its own (500, 503 with Retry-After, 408, a dropped connection) and the file is whole', async () => {
    sink.fault(1, { kind: 'status', status: 500 });
    sink.fault(2, { kind: 'status', status: 503, retryAfter: 0 });
    sink.fault(3, { kind: 'status', status: 408 });
    sink.fault(4, { kind: 'reset-before' });
    const bytes = bytesOf(6 * CHUNK);
    const file = await sinkClient(sink).media.upload(bytes, options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect([0, 1, 2, 3, 4, 5].map(attemptsOf)).toEqual([1, 2, 2, 2, 2, 1]);
  });

  it('honours Retry-After on a 429 and still delivers', async () => {
    sink.fault(0, { kind: 'status', status: 429, retryAfter: 0.05 });
    const bytes = bytesOf(3 * CHUNK);
    const file = await sinkClient(sink).media.upload(bytes, options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(attemptsOf(0)).toBe(2);
  });

  it('that fails for good ends the upload with UploadError, and finalize is never called', async () => {
    sink.fault(2, ...Array(10).fill({ kind: 'status', status: 500 }));
    const upload = sinkClient(sink).media.upload(bytesOf(5 * CHUNK), {
      ...options,
      concurrency: 1,
      maxRetries: 2,
    });
    await expect(upload).rejects.toMatchObject({
      name: 'UploadError',
      failedChunks: [2],
      message: expect.stringMatching(/Chunk 2 could not be uploaded.*not finalized/),
    });
    await expect(upload).rejects.toHaveProperty('cause', expect.any(InternalServerError));
    expect([0, 1, 2, 3, 4].map(attemptsOf)).toEqual([1, 1, 3, 0, 0]);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('is not retried on a 400 other than a duplicate', async () => {
    sink.fault(1, { kind: 'status', status: 400, body: { detail: 'unsupported-mime-type' } });
    const upload = sinkClient(sink).media.upload(bytesOf(3 * CHUNK), options);
    await expect(upload).rejects.toMatchObject({ name: 'UploadError', failedChunks: [1] });
    await expect(upload).rejects.toHaveProperty('cause', expect.any(BadRequestError));
    expect(attemptsOf(1)).toBe(1);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('cancels the chunks in flight and starts no other once one failed for good', async () => {
    sink.fault(0, { kind: 'status', status: 400, hold: true });
    sink.fault(1, { kind: 'hang' });
    // Chunk 1 went out whole: it keeps its request for the answer grace, which the test ends
    // once it is running instead of waiting its 4 s (abort.test.ts).
    const grace = holdTimers([ANSWER_GRACE_MS]);
    onTestFinished(() => grace.restore());
    const upload = sinkClient(sink).media.upload(bytesOf(6 * CHUNK), {
      ...options,
      concurrency: 2,
    });
    await sink.until(() => sink.held().includes(0) && attemptsOf(1) === 1);
    sink.release(0);
    await grace.until(() => grace.pending(ANSWER_GRACE_MS) === 1);
    grace.fire(ANSWER_GRACE_MS);
    await expect(upload).rejects.toMatchObject({ name: 'UploadError', failedChunks: [0] });
    await sink.until(() => sink.inFlight() === 0); // the hanging request was cancelled
    expect(sink.chunks.map((c) => c.index).sort()).toEqual([0, 1]);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('gets at most maxRetries + 1 attempts, even when another chunk gets through between its failures', async () => {
    // Chunk 0 fails 3 times with maxRetries 2. Its second failure is held until chunk 1 is
    // acknowledged: a delivery in between does not give it its retries back (n + 1 per chunk).
    sink.fault(
      0,
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500, hold: true },
      { kind: 'status', status: 500 },
    );
    let chunkOneDone!: () => void;
    const chunkOne = new Promise<void>((resolve) => (chunkOneDone = resolve));
    const upload = sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
      ...options,
      concurrency: 2,
      maxRetries: 2,
      onChunk: (_record, chunk) => chunk.index === 1 && chunkOneDone(),
    });
    const settled = upload.catch((error: unknown) => error);
    await sink.until(() => sink.held().includes(0));
    await chunkOne;
    sink.release(0);
    expect(await settled).toMatchObject({ failedChunks: [0] });
    expect(attemptsOf(0)).toBe(3);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('fails after maxRetries when nothing gets through between its failures', async () => {
    sink.fault(0, ...Array(3).fill({ kind: 'status', status: 500 }));
    const upload = sinkClient(sink).media.upload(bytesOf(2 * CHUNK), {
      ...options,
      concurrency: 1,
      maxRetries: 2,
    });
    await expect(upload).rejects.toMatchObject({ failedChunks: [0] });
    expect(attemptsOf(0)).toBe(3);
  });
});

describe('a chunk the service already holds', () => {
  it('counts as delivered when the answer was lost and the retry meets chunk-already-exists', async () => {
    sink.fault(1, { kind: 'reset-after' });
    const chunks: [ChunkRecord, DeliveredChunk][] = [];
    const bytes = bytesOf(3 * CHUNK);
    const file = await sinkClient(sink).media.upload(bytes, {
      ...options,
      onChunk: (record, chunk) => chunks.push([record, chunk]),
    });
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(attemptsOf(1)).toBe(2);
    const second = chunks.find(([, c]) => c.index === 1)!;
    expect(second).toEqual([
      {
        operation_type: 'small',
        total_chunks: 3,
        chunk_index: 1,
        name: expect.stringMatching(uploadNameOf('clip.bin')),
        mime: 'video/mp4',
      },
      { index: 1, start: CHUNK, end: 2 * CHUNK, alreadyHeld: true },
    ]);
    expect(chunks.filter(([, c]) => !c.alreadyHeld)).toHaveLength(2);
  });

  it('lets a second upload of the same file finalize when every chunk is already held', async () => {
    const bytes = bytesOf(2 * CHUNK);
    const client = sinkClient(sink);
    await client.media.upload(bytes, options);
    const again = await client.media.upload(bytes, options);
    expect(sha256(stored(again.id))).toBe(sha256(bytes));
  });
});

describe('timeouts', () => {
  afterEach(() => void vi.useRealTimers());

  it('gives up on an attempt after chunkTimeout and sends the chunk again', async () => {
    // The clock is the test's, moved once chunk 0 is acknowledged and chunk 1 hangs at the sink:
    // only that attempt can run out of time, however slow the machine makes the others.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    sink.fault(1, { kind: 'hang' });
    const bytes = bytesOf(2 * CHUNK);
    let resolve = () => undefined as void;
    const chunk0Acknowledged = new Promise<void>((done) => (resolve = done));
    const upload = sinkClient(sink).media.upload(bytes, {
      ...options,
      chunkTimeout: 300,
      onChunk: (_record, { index }) => void (index === 0 && resolve()),
    });
    await Promise.all([chunk0Acknowledged, sink.until(() => attemptsOf(1) === 1)]);
    await vi.advanceTimersByTimeAsync(300); // the hanging attempt runs out
    await vi.advanceTimersByTimeAsync(50); // its retry's backoff (retryBaseDelay 1) ends
    vi.useRealTimers();
    const file = await upload;
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(attemptsOf(1)).toBe(2);
  });
});

describe('academy uploads', () => {
  it('send every chunk and the finalize call to the academy endpoints with the Academy header', async () => {
    const bytes = bytesOf(2 * CHUNK + 5);
    const file = await sinkClient(sink, { academy: 7 }).media.upload(bytes, options);
    expect(sink.chunks.map((c) => [c.path, c.academy])).toEqual(
      Array(3).fill(['/v2/media/academy/chunk', '7']),
    );
    const done = sink.files.find((f) => f.id === file.id)!;
    expect([done.path, done.academy]).toEqual(['/v2/media/academy/chunk/upload', '7']);
    expect(sha256(done.bytes)).toBe(sha256(bytes));
  });

  it('uses the upload’s own academy over the client’s', async () => {
    await sinkClient(sink, { academy: 7 }).media.upload(bytesOf(10), { ...options, academy: 9 });
    expect(sink.chunks[0]?.academy).toBe('9');
    expect(sink.files[0]?.academy).toBe('9');
  });
});
