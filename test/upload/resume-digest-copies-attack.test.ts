// An upload with `resume` digests each chunk (SHA-256, for the record) and, from a Blob, sends the
// very bytes it digested, so each chunk is held from its digest to its last attempt. Web Crypto
// hashes a copy of its input: with every chunk in flight digested at once, that was one more copy
// per chunk (BENCHMARKS.md, redteam36: 10 MiB chunks, 4 at once, 139 MiB over the baseline, past
// chunk_size x (concurrency + 1)). Chunks are hashed one at a time: one such copy at most. And the
// buffer a chunk was read into is freed once sent (or checked), not left to the collector, which
// lets tens of MiB of them pile up (see free-piece.ts). A resume reads its acknowledged chunks
// again to check them, 4 at a time: never more at once than the upload's concurrency.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';
import { type Es2024Buffer } from './support/watch-frees.js';

afterEach(() => vi.restoreAllMocks());

/** Watches `crypto.subtle.digest` (the real one runs): the most chunks it held at once. */
function watchChunkDigests(chunkBytes: number) {
  const subtle = globalThis.crypto.subtle;
  const digest = subtle.digest.bind(subtle);
  const seen = { chunks: 0, inFlight: 0, most: 0, buffers: [] as Es2024Buffer[] };
  vi.spyOn(subtle, 'digest').mockImplementation(async (algorithm, data) => {
    const size = ArrayBuffer.isView(data) ? data.byteLength : (data as ArrayBuffer).byteLength;
    const chunk = size >= chunkBytes; // not the resume key's digest
    if (chunk) {
      seen.chunks++;
      seen.buffers.push((ArrayBuffer.isView(data) ? data.buffer : data) as Es2024Buffer);
      seen.most = Math.max(seen.most, ++seen.inFlight);
    }
    try {
      return await digest(algorithm, data);
    } finally {
      // Its copy lives until the hash is handed back, a turn later at the soonest.
      await new Promise((resolve) => setImmediate(resolve));
      if (chunk) seen.inFlight--;
    }
  });
  return seen;
}

describe('an upload with resume from a Blob in memory, 4 chunks at once', () => {
  const h = resumeHarness();

  for (const checkDigest of [false, true]) {
    it(`hashes one chunk at a time (checkDigest: ${checkDigest})`, async () => {
      const bytes = bytesOf(TOTAL * CHUNK);
      const seen = watchChunkDigests(CHUNK);
      const { store, records } = memoryUploadStore();
      const file = await h.client().media.upload(new Blob([bytes as BlobPart]), {
        operation_type: 'tiny',
        filename: 'clip.png',
        concurrency: 4,
        checkDigest,
        resume: { store, key: 'clip' },
      });
      expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
      expect(records.size).toBe(0); // finalized: the record went
      expect(seen.chunks).toBe(TOTAL); // each chunk digested for the record
      // Copies held by Web Crypto at once: one chunk's, never one per chunk in flight.
      expect(seen.most).toBe(1);
    });
  }
});

describe('an upload with resume gives back each chunk it read for its digest', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;
  const file = (bytes: Uint8Array) =>
    new File([bytes as BlobPart], 'clip.png', { lastModified: 1 });

  it('a File: each chunk freed once sent, the File itself read whole again later', async () => {
    const bytes = bytesOf(TOTAL * CHUNK - 17);
    const source = file(bytes);
    const seen = watchChunkDigests(CHUNK - 17);
    const { store } = memoryUploadStore();
    const made = await h.client().media.upload(source, { ...options, resume: { store } });
    expect(sha256(h.recorder.simulator.fileBytes(made.id))).toBe(sha256(bytes));
    expect(seen.buffers).toHaveLength(TOTAL);
    for (const buffer of seen.buffers) expect(buffer.detached).toBe(true);
    const again = await h.client().media.upload(source, options);
    expect(sha256(h.recorder.simulator.fileBytes(again.id))).toBe(sha256(bytes));
  });

  it('a resumed File: each acknowledged chunk read again for its check is freed too', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const source = file(bytes);
    const { store } = memoryUploadStore();
    await h.cutOff(source, { ...options, resume: { store } }, 4);
    const seen = watchChunkDigests(CHUNK);
    const made = await h.client().media.upload(source, { ...options, resume: { store } });
    expect(sha256(h.recorder.simulator.fileBytes(made.id))).toBe(sha256(bytes));
    // 4 chunks read again for their check, the 6 others for their digest, then sent.
    expect(seen.buffers).toHaveLength(TOTAL);
    for (const buffer of seen.buffers) expect(buffer.detached).toBe(true);
  });

  it("never frees the caller's own bytes", async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const seen = watchChunkDigests(CHUNK);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'own-bytes' };
    const made = await h.client().media.upload(bytes, { ...options, resume });
    expect(sha256(h.recorder.simulator.fileBytes(made.id))).toBe(sha256(bytes));
    expect(seen.buffers).toEqual(Array(TOTAL).fill(bytes.buffer));
    expect((bytes.buffer as Es2024Buffer).detached).toBe(false);
  });
});

describe('a resumed File read again for its check', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  for (const concurrency of [1, 2, 4]) {
    it(`holds no more chunks at once than concurrency ${concurrency} does`, async () => {
      const bytes = bytesOf(TOTAL * CHUNK);
      const source = new File([bytes as BlobPart], 'clip.png', { lastModified: 1 });
      const { store } = memoryUploadStore();
      await h.cutOff(source, { ...options, resume: { store } }, 8);
      // The chunks of the source read (sliced) by the time the first one is hashed.
      const slice = Blob.prototype.slice;
      let read = 0;
      let readAtFirstHash: number | undefined;
      vi.spyOn(Blob.prototype, 'slice').mockImplementation(function (this: Blob, ...range) {
        if (this === source) read++;
        return slice.apply(this, range);
      });
      const subtle = globalThis.crypto.subtle;
      const digest = subtle.digest.bind(subtle);
      vi.spyOn(subtle, 'digest').mockImplementation((algorithm, data) => {
        const size = ArrayBuffer.isView(data) ? data.byteLength : (data as ArrayBuffer).byteLength;
        if (size === CHUNK) readAtFirstHash ??= read; // a chunk's, not the resume key's
        return digest(algorithm, data);
      });
      const made = await h.client().media.upload(source, {
        ...options,
        concurrency,
        resume: { store },
      });
      expect(sha256(h.recorder.simulator.fileBytes(made.id))).toBe(sha256(bytes));
      expect(readAtFirstHash).toBe(concurrency);
    });
  }
});
