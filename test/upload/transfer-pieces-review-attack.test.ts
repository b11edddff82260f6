// review21b: `transferPieces: true` (stream21) attacked. Each piece is detached once copied into
// its chunk; what must still hold: pieces of Node's 8 KiB Buffer pool (views of a pool other
// Buffers share) are never detached (never their whole buffer, and Node marks the pool not
// detachable: a refused detach must not fail the upload), a piece larger than a chunk is read whole into each chunk
// it spans (resumed too, its skipped bytes hashed for the md5), and a Node Readable's pieces upload
// the source's bytes with the md5 checked.
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';
import type { Es2024Buffer } from './support/watch-frees.js';

const h = resumeHarness();
afterEach(() => vi.restoreAllMocks());

const detached = (piece: Uint8Array) => (piece.buffer as Es2024Buffer).detached;

/** Pieces of `bytes` of `size`, each a fresh buffer of its own, kept in `given`. */
async function* freshPieces(bytes: Uint8Array, size: number, given: Uint8Array[] = []) {
  for (let at = 0; at < bytes.byteLength; at += size) {
    const piece = bytes.slice(at, at + size);
    given.push(piece);
    yield piece;
  }
}

describe('transferPieces on pieces it must not free, and pieces spanning chunks', () => {
  it("leaves Node's Buffer pool whole: its slices are not the piece's alone", async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const given: Buffer[] = [];
    // Small Buffers come from the 8 KiB pool: a neighbour of each lives in the same memory.
    const neighbour = Buffer.from('a neighbour in the pool');
    // A Readable of its own pieces, one at a time (a PassThrough would join those written at once).
    const stream = Readable.from(
      (function* () {
        for (let at = 0; at < bytes.byteLength; at += 100) {
          const piece = Buffer.from(bytes.subarray(at, at + 100));
          given.push(piece);
          yield piece;
        }
      })(),
      { objectMode: false },
    );
    const file = await h
      .client()
      .media.upload(
        { stream, size: bytes.byteLength, transferPieces: true },
        { operation_type: 'tiny', filename: 'pooled.bin', checkDigest: true },
      );
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(given.filter(detached)).toEqual([]);
    expect(neighbour.toString()).toBe('a neighbour in the pool');
  });

  it('a piece of three chunks and a half, cut off then resumed, uploads the source with its md5', async () => {
    const bytes = bytesOf(TOTAL * CHUNK - 5);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'wide.bin' };
    const size = CHUNK * 3.5;
    await h.cutOff(
      { stream: freshPieces(bytes, size), size: bytes.byteLength, transferPieces: true },
      { filename: 'wide.bin', resume, checkDigest: true },
      4,
    );
    const given: Uint8Array[] = [];
    const { file, sent } = await h.finish(
      { stream: freshPieces(bytes, size, given), size: bytes.byteLength, transferPieces: true },
      { filename: 'wide.bin', resume, checkDigest: true, concurrency: 3 },
      'wide.bin',
    );
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(sent[0]).toBeGreaterThanOrEqual(4); // resumed: the first chunks were not sent again
    expect(given.filter(detached)).toHaveLength(given.length);
  });

  it('never detaches a piece of shared memory (a SharedArrayBuffer another thread may use)', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const given: Uint8Array[] = [];
    async function* shared() {
      for (let at = 0; at < bytes.byteLength; at += 300) {
        const piece = new Uint8Array(new SharedArrayBuffer(Math.min(300, bytes.byteLength - at)));
        piece.set(bytes.subarray(at, at + 300));
        given.push(piece);
        yield piece;
      }
    }
    const file = await h
      .client()
      .media.upload(
        { stream: shared(), size: bytes.byteLength, transferPieces: true },
        { operation_type: 'tiny', filename: 'shared.bin', checkDigest: true },
      );
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(given.map((piece) => piece.byteLength).reduce((a, b) => a + b)).toBe(bytes.byteLength);
  });
});
