// redteam51: in Node, a stream's chunk goes out while the stream is read (issue 40), and its
// digest was written in the resume record only once the chunk was read whole, while its last
// bytes were already on their way: a run that crashed once the service stored the chunk, before
// that write, left a record that did not name it. A resume of other bytes whose first answer for
// that chunk was lost then took the service's "chunk already exists" for its own retry's and
// resolved with the crashed run's bytes there (redteam48's defect, fixed for files only). The
// chunk's last bytes now wait for its digest's write, or for the upload to give that write up.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient, webStream } from './support/upload-kit.js';

const CHUNK = 256 * 1024;
let sink: ChunkSink;
beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { parts: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => sink.close());

/** A store whose writes land at once, but for the records naming chunk `slow` in flight: never. */
function storeStuckFor(slow: number) {
  const landed: UploadRecord[] = [];
  const store: UploadStore = {
    get: async () => undefined,
    delete: async () => undefined,
    set: (_key, record) =>
      record.inFlight?.some(({ index }) => index === slow)
        ? new Promise<void>(() => undefined)
        : Promise.resolve(void landed.push(structuredClone(record))),
  };
  return { store, landed };
}

it("sends a streamed chunk's last byte only once its digest's write landed or was given up", async () => {
  const bytes = bytesOf(3 * CHUNK);
  const { store, landed } = storeStuckFor(1);
  sink.fault(1, { kind: 'pass', hold: true }); // its answer waits: what the upload did is read then
  const warnings: string[] = [];
  const upload = sinkClient(sink, {
    logLevel: 'warn',
    logger: { ...console, warn: (message: string) => void warnings.push(message) },
  }).media.upload(
    { stream: webStream(bytes, 16 * 1024), size: bytes.byteLength },
    {
      operation_type: 'parts',
      filename: 'live.bin',
      concurrency: 1,
      chunkTimeout: 2_000,
      resume: { store, key: 'live' },
    },
  );
  upload.catch(() => undefined); // judged below
  // Chunk 1 goes out while read (chunk 0 was read fast); the write of the record naming it never
  // ends. The service has the chunk whole only once the upload gave that write up (chunkTimeout),
  // its resume lost and said so: never while the record might still not name the chunk.
  await sink.until(() => sink.held().includes(1));
  expect(landed.some((record) => record.inFlight?.some(({ index }) => index === 1))).toBe(false);
  expect(warnings.join('\n')).toMatch(/the store could not be written .*cannot be resumed/);
  sink.release(1);
  const file = await upload;
  expect(sha256(sink.files.find(({ id }) => id === file.id)!.bytes)).toBe(sha256(bytes));
});

it('has the record name a streamed chunk with its digest when the chunk arrives whole', async () => {
  const bytes = bytesOf(3 * CHUNK);
  const landed: UploadRecord[] = [];
  // A store a few turns slow, as a file's or a database's is.
  const turns = () => new Promise((resolve) => setTimeout(resolve, 0));
  const store: UploadStore = {
    get: async () => undefined,
    delete: async () => undefined,
    set: async (_key, record) => {
      for (let turn = 0; turn < 5; turn++) await turns();
      landed.push(structuredClone(record));
    },
  };
  for (const index of [1, 2]) sink.fault(index, { kind: 'pass', hold: true });
  const upload = sinkClient(sink).media.upload(
    { stream: webStream(bytes, 16 * 1024), size: bytes.byteLength },
    {
      operation_type: 'parts',
      filename: 'live.bin',
      concurrency: 1,
      resume: { store, key: 'live' },
    },
  );
  for (const index of [1, 2]) {
    await sink.until(() => sink.held().includes(index));
    const named = landed.at(-1)?.inFlight?.find((chunk) => chunk.index === index);
    expect(named?.digest).toBe(sha256(bytes.subarray(index * CHUNK, (index + 1) * CHUNK)));
    sink.release(index);
  }
  const file = await upload;
  expect(sha256(sink.files.find(({ id }) => id === file.id)!.bytes)).toBe(sha256(bytes));
});
