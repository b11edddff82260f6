import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { sourceKinds } from './support/source-kinds.js';
import { bytesOf, sha256, sinkClient, uploadNameOf } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
let dir: string;
let uploads = 0;

beforeAll(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
  dir = await mkdtemp(join(tmpdir(), 'seatpay-upload-'));
});
afterAll(async () => {
  await sink.close();
  await rm(dir, { recursive: true, force: true });
});

const kinds = sourceKinds(() => dir);

const sizes = {
  empty: 0,
  '1 byte': 1,
  'chunk_size - 1': CHUNK - 1,
  chunk_size: CHUNK,
  'chunk_size + 1': CHUNK + 1,
  'many chunks': 37 * CHUNK + 333,
};

describe.each(Object.entries(kinds))('upload from a %s', (_kind, makeSource) => {
  it.each(Object.entries(sizes))('assembles %s exactly as sent', async (_label, size) => {
    const bytes = bytesOf(size);
    const filename = `upload-${++uploads}.bin`;
    const before = sink.chunks.length;
    const file = await sinkClient(sink).media.upload(await makeSource(bytes), {
      operation_type: 'small',
      filename,
      mime: 'application/octet-stream',
    });

    const stored = sink.files.find((f) => f.id === file.id);
    expect(stored && sha256(stored.bytes)).toBe(sha256(bytes));
    const totalChunks = Math.max(1, Math.ceil(size / CHUNK));
    const wire = sink.chunks.slice(before).sort((a, b) => a.index - b.index);
    expect(wire.map((c) => c.index)).toEqual([...Array(totalChunks).keys()]);
    for (const chunk of wire) {
      const expected = Math.min(CHUNK, size - chunk.index * CHUNK);
      expect(chunk).toMatchObject({
        size: expected,
        totalChunks,
        filename: expect.stringMatching(uploadNameOf(filename)),
        operationType: 'small',
      });
      expect(Number(chunk.contentLength)).toBeGreaterThan(expected); // sent with a length, not chunked
    }
    // One name for every chunk and the finalize: the user's, made unique to this upload.
    expect(new Set(wire.map((chunk) => chunk.filename)).size).toBe(1);
    expect(stored?.body).toMatchObject({ total_chunks: totalChunks, filename: wire[0]!.filename });
  });
});
