import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { ANSWER_GRACE_MS } from '../../src/helpers/upload/chunk-stop.js';
import { holdTimers } from '../reliability/support/held-timers.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
const options = { operation_type: 'small', filename: 'a.bin', mime: 'image/gif' };

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => sink.close());

const pendingTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const sentIndexes = () => [...new Set(sink.chunks.map((c) => c.index))].sort((a, b) => a - b);

describe('aborting an upload', () => {
  it('cancels the queued chunks at once, the requests in flight after the answer grace, and never finalizes', async () => {
    sink.fault(2, { kind: 'hang' });
    sink.fault(3, { kind: 'hang' });
    const timers = pendingTimers();
    const grace = holdTimers([ANSWER_GRACE_MS]);
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(bytesOf(8 * CHUNK), {
      ...options,
      concurrency: 2,
      signal: controller.signal,
    });
    await sink.until(() => sentIndexes().includes(3) && sink.inFlight() === 2);
    controller.abort(new Error('user left'));
    // Both chunks went out whole: their answers get the grace (pause-answer.test.ts), not more.
    await grace.until(() => grace.pending(ANSWER_GRACE_MS) === 2);
    grace.fire(ANSWER_GRACE_MS);
    grace.restore();

    await expect(upload).rejects.toBeInstanceOf(AbortError);
    await expect(upload).rejects.toMatchObject({ cause: { message: 'user left' } });
    expect(pendingTimers()).toBeLessThanOrEqual(timers); // no attempt timeout left behind
    await sink.until(() => sink.inFlight() === 0); // both hanging requests were closed
    expect(sentIndexes()).toEqual([0, 1, 2, 3]);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('cancels a retry wait (a 30 s Retry-After) at once', async () => {
    sink.fault(0, { kind: 'status', status: 503, retryAfter: 30 });
    const timers = pendingTimers();
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(bytesOf(CHUNK), {
      ...options,
      signal: controller.signal,
    });
    await sink.until(() => sink.chunks.length === 1 && sink.inFlight() === 0);
    await new Promise((resolve) => setImmediate(resolve)); // let the client read the 503
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(pendingTimers()).toBeLessThanOrEqual(timers); // the 30 s wait was cleared
    expect(sink.chunks).toHaveLength(1);
  });

  it('sends nothing when the signal has already fired', async () => {
    const upload = sinkClient(sink).media.upload(bytesOf(10), {
      ...options,
      signal: AbortSignal.abort(),
    });
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(sink.chunks).toHaveLength(0);
  });

  it('cancels a web stream source that is waiting for data', async () => {
    let cancelled: unknown;
    const first = bytesOf(CHUNK);
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(first), // then never another byte
      cancel: (reason) => void (cancelled = reason ?? 'cancelled'),
    });
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(
      { stream, size: 3 * CHUNK },
      { ...options, signal: controller.signal },
    );
    await sink.until(
      () => sink.files.length === 0 && sink.chunks.length === 1 && sink.inFlight() === 0,
    );
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(cancelled).toBeDefined();
  });

  it('destroys a Node Readable source when the upload fails', async () => {
    sink.fault(0, { kind: 'status', status: 400 });
    const readable = Readable.from(
      (async function* () {
        yield Buffer.from(bytesOf(CHUNK));
        yield Buffer.from(bytesOf(CHUNK));
      })(),
    );
    const upload = sinkClient(sink).media.upload(
      { stream: readable, size: 2 * CHUNK },
      { ...options, concurrency: 1 },
    );
    await expect(upload).rejects.toMatchObject({ name: 'UploadError', failedChunks: [0] });
    expect(readable.destroyed).toBe(true);
  });
});
