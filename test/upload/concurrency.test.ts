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

/**
 * A Blob that notes, as the upload takes each chunk's slice (the chunk's delivery starting), which
 * chunks were delivered by then: the scheduler's slots seen in the order of its own events.
 */
class ReadOrderBlob extends Blob {
  private readonly reads = new Map<number, number[]>();

  constructor(
    bytes: Uint8Array,
    private readonly delivered: () => number[],
  ) {
    super([bytes as BlobPart]);
  }

  override slice(start = 0, end = this.size, type?: string): Blob {
    if (end - start === CHUNK) this.reads.set(start / CHUNK, this.delivered());
    return super.slice(start, end, type);
  }

  deliveredWhenRead(index: number): number[] | undefined {
    return this.reads.get(index);
  }
}

const arrived = (index: number) => sink.chunks.some((c) => c.index === index);
/** `onChunk`, `acked(index)` resolving once it reported chunk `index`, and those it reported. */
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
    delivered: () => [...done].sort((a, b) => a - b),
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
    const { onChunk, acked, delivered } = acknowledgements();
    const source = new ReadOrderBlob(bytesOf(12 * CHUNK), delivered);
    const upload = sinkClient(sink).media.upload(source, { ...options, concurrency: 4, onChunk });
    await sink.until(() => sink.held().length === 4); // chunks 1, 2, 3 and chunk 0's retry

    // Four in flight before the 429; now at most two: a delivery frees no slot for a new chunk.
    // Ordered by events: chunk 4 is read (its slice taken as it starts) only once 2 is delivered.
    sink.release(1);
    await acked(1);
    sink.release(2);
    await sink.until(() => arrived(4));
    expect(source.deliveredWhenRead(4)).toEqual([1, 2]); // it was read once 1 was delivered
    [0, 3].forEach((index) => sink.release(index));
    await upload;
    const after = sink.chunks.filter((c) => c.index >= 4);
    expect(after[0]!.inFlight).toBeLessThanOrEqual(3);
  });
});
