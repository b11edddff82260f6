// End to end against the simulator (`seatpay/mock`) over real loopback HTTP: what users of
// `startMockServer` see. The bytes the simulator assembled must equal the source, for every kind.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  createClient,
  MaxChunksExceededError,
  UploadError,
  type ClientOptions,
  type UploadSource,
} from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { fromPath } from '../../src/node.js';
import { bytesOf, sha256, webStream } from './support/upload-kit.js';

let server: MockServer;
let dir: string;
let n = 0;
/** Chunk requests the client sent, by path. */
let chunkCalls: string[] = [];
/** Who waits for how many chunk requests: told as each is sent, never polled. */
let chunkWaiters: { count: number; resolve: () => void }[] = [];

function untilChunkCalls(count: number): Promise<void> {
  return new Promise((resolve) => {
    chunkWaiters.push({ count, resolve });
    tellChunkWaiters();
  });
}

function tellChunkWaiters(): void {
  const ready = chunkWaiters.filter((waiter) => chunkCalls.length >= waiter.count);
  chunkWaiters = chunkWaiters.filter((waiter) => chunkCalls.length < waiter.count);
  ready.forEach((waiter) => waiter.resolve());
}

beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-sim-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(async () => {
  server = await startMockServer({ port: 0, subscriptionDelayMs: 20, mediaProcessingDelayMs: 20 });
  chunkCalls = [];
});
afterEach(() => server.close());

function client(options: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: server.url,
    token: server.simulator.users.owner.token,
    retryBaseDelay: 1,
    logLevel: 'off',
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/chunk$/.test(new URL(url).pathname)) {
        chunkCalls.push(new URL(url).pathname);
        tellChunkWaiters();
      }
      return globalThis.fetch(input, init);
    },
    ...options,
  });
}

const options = () => ({
  operation_type: 'test-small',
  filename: `f${++n}.bin`,
  mime: 'image/png',
});

const kinds: Record<string, (bytes: Uint8Array) => Promise<UploadSource>> = {
  Blob: async (bytes) => new Blob([bytes as BlobPart]),
  File: async (bytes) => new File([bytes as BlobPart], 'x.bin'),
  Uint8Array: async (bytes) => bytes,
  'web ReadableStream': async (bytes) => ({
    stream: webStream(bytes, 333),
    size: bytes.byteLength,
  }),
  'Node Readable': async (bytes) => ({
    stream: Readable.from([Buffer.from(bytes.subarray(0, 100)), Buffer.from(bytes.subarray(100))]),
    size: bytes.byteLength,
  }),
  fromPath: async (bytes) => {
    const path = join(dir, `sim-${++n}.bin`);
    await writeFile(path, bytes);
    return fromPath(path);
  },
};

// test-small: chunk_size 1024, max_chunks 8, so at most 7 chunks.
const sizes = [0, 1, 1023, 1024, 1025, 7 * 1024];

describe.each(Object.entries(kinds))('simulator upload from a %s', (_kind, makeSource) => {
  it.each(sizes)('assembles %i bytes exactly', async (size) => {
    const bytes = bytesOf(size);
    const file = await client().media.upload(await makeSource(bytes), options());
    expect(file.status).toBe('CREATED');
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(chunkCalls).toHaveLength(Math.max(1, Math.ceil(size / 1024)));
  });
});

describe('simulator: media operation type', () => {
  // A first, a middle and a last chunk: every place a chunk of 10 MiB can stand (sources.test.ts
  // assembles many more chunks, of 1 KiB).
  // One whole 10 MiB chunk and a tail read from an offset: what a third chunk would check again,
  // at another 10 MiB of reading, sending and hashing.
  it('uploads a file of 10 MiB chunks from a path', async () => {
    const bytes = bytesOf(10_485_760 + 5);
    const path = join(dir, 'big.bin');
    await writeFile(path, bytes);
    const file = await client().media.upload(await fromPath(path, { type: 'video/mp4' }), {
      operation_type: 'media',
      meta: { slug: 'big', name: 'Big', categories: ['video'], academy: 1 },
    });
    expect(file.status).toBe('TRANSFERRING');
    expect(chunkCalls).toHaveLength(2);
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  });

  it('uploads to the academy endpoints with the Academy header', async () => {
    const bytes = bytesOf(2000);
    const file = await client({ academy: 1 }).media.upload(bytes, options());
    expect(file.academy).toBe(1);
    expect(chunkCalls).toEqual(['/v2/media/academy/chunk', '/v2/media/academy/chunk']);
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  });
});

describe('simulator: max_chunks', () => {
  it('accepts 7 chunks and refuses 8 before sending any', async () => {
    const bytes = bytesOf(7 * 1024);
    const file = await client().media.upload(bytes, options());
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    chunkCalls = [];
    const upload = client().media.upload(bytesOf(7 * 1024 + 1), options());
    await expect(upload).rejects.toBeInstanceOf(MaxChunksExceededError);
    await expect(upload).rejects.toMatchObject({ totalChunks: 8, maxChunks: 8 });
    expect(chunkCalls).toEqual([]);
  });
});

describe('simulator: injected faults', () => {
  const route = 'POST /v2/media/me/chunk';

  it('retries chunks answered 503 and 429, and the file is whole', async () => {
    server.simulator.faults.inject({ route, kind: 'status', status: 503, times: 2 });
    server.simulator.faults.inject({ route, kind: 'status', status: 429, retryAfter: '0' });
    const bytes = bytesOf(5000);
    const file = await client().media.upload(bytes, options());
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(chunkCalls).toHaveLength(5 + 3);
  });

  it('counts a chunk whose answer was lost as delivered (chunk-already-exists on the retry)', async () => {
    server.simulator.faults.inject({ route, kind: 'reset-after' });
    const held: boolean[] = [];
    const bytes = bytesOf(3000);
    const file = await client().media.upload(bytes, {
      ...options(),
      onChunk: (_record, chunk) => held.push(chunk.alreadyHeld),
    });
    expect(sha256(server.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(held.filter(Boolean)).toHaveLength(1);
  });

  it('rejects with UploadError and finalizes nothing when a chunk keeps failing', async () => {
    server.simulator.faults.inject({ route, kind: 'status', status: 500, times: Infinity });
    const upload = client().media.upload(bytesOf(3000), { ...options(), maxRetries: 1 });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({ cause: { status: 500 } });
    expect(() => server.simulator.fileBytes(1)).toThrow(RangeError);
  });

  it('stops at once when aborted while chunks are slow', async () => {
    server.simulator.faults.inject({ route, kind: 'latency', latencyMs: 10_000, times: Infinity });
    const controller = new AbortController();
    const upload = client().media.upload(bytesOf(3000), {
      ...options(),
      signal: controller.signal,
    });
    await untilChunkCalls(3); // all three out, held by the latency: not a poll with a budget
    expect(chunkCalls).toHaveLength(3);
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    expect(() => server.simulator.fileBytes(1)).toThrow(RangeError);
  });
});

describe('operation types set per simulator (operationTypes)', () => {
  it('answers its own chunk sizes, uploads in many chunks, and other simulators do not know them', async () => {
    const own = await startMockServer({
      operationTypes: { tiny: { chunk_size: 100, max_chunks: 50 } },
    });
    try {
      const ownClient = createClient({
        baseUrl: own.url,
        token: own.simulator.users.owner.token,
        logLevel: 'off',
      });
      expect(await ownClient.media.operationType('tiny')).toEqual({
        chunk_size: 100,
        max_chunks: 50,
      });
      expect(await ownClient.media.operationTypes()).toContain('tiny');
      const bytes = bytesOf(4321);
      const file = await ownClient.media.upload(bytes, {
        operation_type: 'tiny',
        filename: 't.bin',
      });
      expect(sha256(own.simulator.fileBytes(file.id))).toBe(sha256(bytes));
      await expect(
        ownClient.media.upload(bytesOf(5000), { operation_type: 'tiny', filename: 'u.bin' }),
      ).rejects.toBeInstanceOf(MaxChunksExceededError);
    } finally {
      await own.close();
    }
    await expect(client().media.operationType('tiny')).rejects.toMatchObject({ status: 404 });
  });

  it.each([
    { chunk_size: 0, max_chunks: null },
    { chunk_size: 1.5, max_chunks: null },
    { chunk_size: 10, max_chunks: 0 },
  ])('refuses %o', (type) => {
    expect(() => createSimulator({ operationTypes: { bad: type } })).toThrow(TypeError);
  });

  it('refuses a chunk store it did not make', () => {
    // The right shape, but not a store the simulator can keep chunks in.
    expect(() => createSimulator({ chunkStore: { size: 0, clear() {} } })).toThrow(
      /createChunkStore/,
    );
  });
});
