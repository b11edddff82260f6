// In Node, every kind of upload source goes through the streaming sender (node:http, its body
// encoded by form-data, with an exact Content-Length), not through fetch: through the public API,
// against a loopback sink that parses each multipart body and can answer before reading it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, UploadError, createClient } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { sourceKinds } from './support/source-kinds.js';
import { TOKEN, bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { fetchedChunks } from './support/fetched-chunks.js';

const CHUNK = 2 * 1024 * 1024; // several socket writes: an early answer lands mid-body
const HUGE = 16 * 1024 * 1024;
/** form-data's boundary: 26 dashes and 24 hex digits (undici's says `formdata-undici`). */
const FORM_DATA = /^multipart\/form-data; boundary=-{26}[0-9a-f]{24}$/;
let dir: string;
let sink: ChunkSink;
let unhandled: unknown[];
const record = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-node-sources-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: {
      big: { chunk_size: CHUNK, max_chunks: null },
      // Larger than loopback socket buffers: an abort surely lands before a body is sent.
      huge: { chunk_size: HUGE, max_chunks: null },
    },
  });
  unhandled = [];
  process.on('unhandledRejection', record);
});
afterEach(async () => {
  vi.restoreAllMocks();
  // Off before anything that may throw: a listener left on would outlive this file in a shared graph.
  process.off('unhandledRejection', record);
  await sink.close();
});

const options = { operation_type: 'big', filename: 'clip.bin', mime: 'video/mp4' };
const stored = (id: number) => sink.files.find((file) => file.id === id)!.bytes;

/** Once nothing is in flight and the event loop went round, no rejection was left unhandled. */
async function expectNoUnhandledRejection(): Promise<void> {
  await sink.until(() => sink.inFlight() === 0); // by the sink's events, no clock
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(unhandled).toEqual([]);
}

describe.each(Object.entries(sourceKinds(() => dir)))('in Node, an upload from a %s', (_, make) => {
  it('goes through the streaming sender: form-data bodies, none through fetch', async () => {
    const viaFetch = fetchedChunks();
    const bytes = bytesOf(2 * CHUNK + 333);
    const file = await sinkClient(sink).media.upload(await make(bytes), options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(viaFetch).toEqual([]);
    expect(sink.chunks).toHaveLength(3);
    for (const chunk of sink.chunks) expect(chunk.contentType).toMatch(FORM_DATA);
  });

  it('keeps `concurrency` chunks in flight at once', async () => {
    for (const index of [0, 1, 2]) sink.fault(index, { kind: 'pass', hold: true });
    const bytes = bytesOf(4 * CHUNK);
    const upload = sinkClient(sink).media.upload(await make(bytes), { ...options, concurrency: 3 });
    // Three whole chunk bodies arrived and wait for their answers: three requests in flight.
    await sink.until(() => sink.held().length === 3);
    expect(sink.inFlight()).toBe(3);
    [0, 1, 2].forEach((index) => sink.release(index));
    expect(sha256(stored((await upload).id))).toBe(sha256(bytes));
  });

  it('retries a chunk the service refused before reading it (503), no rejection unhandled', async () => {
    sink.answerEarly(503, 503);
    const bytes = bytesOf(2 * CHUNK + 1);
    const file = await sinkClient(sink).media.upload(await make(bytes), options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(sink.earlyAnswered).toBe(2);
    await expectNoUnhandledRejection();
  });

  it('fails with UploadError on an early 413, finalizing nothing, no rejection unhandled', async () => {
    sink.answerEarly(413, 413, 413);
    const upload = sinkClient(sink).media.upload(await make(bytesOf(3 * CHUNK)), {
      ...options,
      maxRetries: 0,
    });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    expect(sink.finalizeCalls).toBe(0);
    await expectNoUnhandledRejection();
  });

  it('stops mid-body on abort: AbortError, nothing left in flight, no rejection unhandled', async () => {
    const resume = sink.stall(CHUNK / 4); // the sink stops reading: the bodies stay unfinished
    const controller = new AbortController();
    const upload = sinkClient(sink).media.upload(await make(bytesOf(2 * HUGE)), {
      ...options,
      operation_type: 'huge',
      concurrency: 2,
      signal: controller.signal,
    });
    await sink.until(() => sink.inFlight() === 2); // both bodies started, by the sink's events
    controller.abort(new Error('user left'));
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    resume(); // the sink reads on: the requests it held must be gone, not finished
    await expectNoUnhandledRejection();
    expect(sink.chunks).toHaveLength(0);
    expect(sink.finalizeCalls).toBe(0);
  });

  it('sends every chunk through a fetch given to the client, never around it', async () => {
    const seen: (string | null)[] = [];
    const custom: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      if (/\/chunk$/.test(request.url)) seen.push(request.headers.get('content-type'));
      return fetch(request);
    };
    const bytes = bytesOf(CHUNK + 7);
    const client = createClient({
      baseUrl: sink.url,
      token: TOKEN,
      logLevel: 'off',
      fetch: custom,
    });
    const file = await client.media.upload(await make(bytes), options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(seen).toHaveLength(2);
    for (const type of seen) expect(type).toMatch(/^multipart\/form-data; boundary=/);
  });
});
