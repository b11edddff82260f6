import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadError, type UploadProgress } from '../../src/index.js';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
const options = { operation_type: 'small', filename: 'p.bin', mime: 'application/pdf' };

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: {
      small: { chunk_size: CHUNK, max_chunks: null },
    },
  });
});
afterEach(() => sink.close());

/** Records each report with whether the sink had already assembled the file at that moment. */
function recorder() {
  const events: (UploadProgress & { finalized: boolean })[] = [];
  return {
    events,
    onProgress: (p: UploadProgress) => events.push({ ...p, finalized: sink.files.length > 0 }),
  };
}

describe('onProgress', () => {
  it('only grows, reports every chunk, and reaches 100 % once, after finalize', async () => {
    sink.fault(3, { kind: 'status', status: 500 }); // a retry must not move progress back
    sink.fault(6, { kind: 'reset-after' });
    const { events, onProgress } = recorder();
    const size = 9 * CHUNK + 100;
    await sinkClient(sink).media.upload(bytesOf(size), { ...options, onProgress });

    expect(events[0]).toMatchObject({
      loadedBytes: 0,
      chunksDone: 0,
      totalBytes: size,
      totalChunks: 10,
    });
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.loadedBytes).toBeGreaterThanOrEqual(events[i - 1]!.loadedBytes);
      expect(events[i]!.chunksDone).toBeGreaterThanOrEqual(events[i - 1]!.chunksDone);
    }
    expect(new Set(events.map((e) => e.chunksDone))).toEqual(new Set([...Array(11).keys()]));
    const complete = events.filter((e) => e.loadedBytes === size || e.chunksDone === 10);
    expect(complete).toEqual([
      { loadedBytes: size, totalBytes: size, chunksDone: 10, totalChunks: 10, finalized: true },
    ]);
    expect(events.at(-1)).toBe(complete[0]);
  });

  it('reports an empty file as done only after finalize', async () => {
    const { events, onProgress } = recorder();
    await sinkClient(sink).media.upload(new Uint8Array(0), { ...options, onProgress });
    expect(events).toEqual([
      { loadedBytes: 0, totalBytes: 0, chunksDone: 0, totalChunks: 1, finalized: false },
      { loadedBytes: 0, totalBytes: 0, chunksDone: 1, totalChunks: 1, finalized: true },
    ]);
  });

  it('ends the upload with UploadError when a callback throws, before finalize', async () => {
    const oops = new Error('callback bug');
    const upload = sinkClient(sink).media.upload(bytesOf(3 * CHUNK), {
      ...options,
      concurrency: 1,
      onChunk: (_record, chunk) => {
        if (chunk.index === 1) throw oops;
      },
    });
    await expect(upload).rejects.toBeInstanceOf(UploadError);
    await expect(upload).rejects.toMatchObject({ failedChunks: [1], cause: oops });
    expect(sink.finalizeCalls).toBe(0);
  });
});
