// An upload from a stream holds the chunks being sent, not the pieces it already read: the pieces
// of a long stream must become garbage as soon as they are copied into a chunk.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChunkSink, type ChunkSink } from './support/chunk-sink.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PIECE = 16 * 1024;
const PIECES = 64;
let sink: ChunkSink;

beforeEach(async () => {
  sink = await startChunkSink({
    operationTypes: { small: { chunk_size: 4 * PIECE, max_chunks: null } },
  });
});
afterEach(() => sink.close());

/** A stream of `bytes` in fresh pieces, each watched through a WeakRef. */
function watchedStream(bytes: Uint8Array, refs: WeakRef<Uint8Array>[]): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      const piece = bytes.slice(offset, offset + PIECE);
      refs.push(new WeakRef(piece));
      controller.enqueue(piece);
      offset += PIECE;
    },
  });
}

/** Collects garbage; WeakRefs are cleared only after the job that read them ends. */
async function collect(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
}

describe('an upload from a stream', () => {
  it('lets go of the pieces it has read while the upload goes on', async () => {
    const bytes = bytesOf(PIECE * PIECES);
    const lastChunk = PIECES / 4 - 1;
    sink.fault(lastChunk, { kind: 'pass', hold: true });
    const refs: WeakRef<Uint8Array>[] = [];
    const upload = sinkClient(sink).media.upload(
      { stream: watchedStream(bytes, refs), size: bytes.byteLength },
      { operation_type: 'small', filename: 'long.bin', concurrency: 1 },
    );
    // Every piece was read; the last chunk waits for its answer, so the upload is still running.
    await sink.until(() => sink.held().includes(lastChunk));
    await collect();
    const kept = refs.filter((ref) => ref.deref() !== undefined).length;
    expect(refs).toHaveLength(PIECES);
    expect(kept).toBeLessThanOrEqual(4); // at most the pieces of the chunk being read
    sink.release(lastChunk);
    const file = await upload;
    expect(sha256(sink.files.find((f) => f.id === file.id)!.bytes)).toBe(sha256(bytes));
  });
});
