import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';

const CHUNK = 1024;
let sink: ChunkSink;
const options = { operation_type: 'small', filename: 'c.bin', mime: 'image/jpeg' };

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: CHUNK, max_chunks: null } },
  });
});
afterEach(() => sink.close());

const arrived = (index: number) => sink.chunks.some((c) => c.index === index);
/** Resolves when `onChunk` has reported chunk `index`. */
function acknowledgements() {
  const done = new Set<number>();
  const waiters: [number, () => void][] = [];
  return {
    onChunk: (_record: unknown, chunk: { index: number }) => {
      done.add(chunk.index);
      waiters.filter(([i]) => done.has(i)).forEach(([, resolve]) => resolve());
    },
    acked: (index: number) =>
      new Promise<void>((resolve) =>
        done.has(index) ? resolve() : waiters.push([index, resolve]),
      ),
  };
}

describe('concurrency', () => {
  it('keeps `concurrency` chunks in flight, never more', async () => {
    for (const index of [0, 1, 2]) sink.fault(index, { kind: 'pass', hold: true });
    const bytes = bytesOf(9 * CHUNK);
    const upload = sinkClient(sink).media.upload(bytes, { ...options, concurrency: 3 });
    await sink.until(() => sink.held().length === 3);
    expect(arrived(3)).toBe(false);
    [0, 1, 2].forEach((index) => sink.release(index));
    const file = await upload;
    expect(Math.max(...sink.chunks.map((c) => c.inFlight))).toBe(3);
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
  });

  it('sends fewer chunks at once after a 429', async () => {
    sink.fault(0, { kind: 'status', status: 429, retryAfter: 0 }, { kind: 'pass', hold: true });
    for (const index of [1, 2, 3]) sink.fault(index, { kind: 'pass', hold: true });
    const { onChunk, acked } = acknowledgements();
    const upload = sinkClient(sink).media.upload(bytesOf(12 * CHUNK), {
      ...options,
      concurrency: 4,
      onChunk,
    });
    await sink.until(() => sink.held().length === 4); // chunks 1, 2, 3 and chunk 0's retry

    // Four in flight before the 429; now at most two: a delivery frees no slot for a new chunk.
    sink.release(1);
    await acked(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(arrived(4)).toBe(false);

    sink.release(2);
    await sink.until(() => arrived(4));
    [0, 3].forEach((index) => sink.release(index));
    await upload;
    const after = sink.chunks.filter((c) => c.index >= 4);
    expect(after[0]!.inFlight).toBeLessThanOrEqual(3);
  });
});
