// In Node, a Blob's chunk is sent from pieces its own stream copies out of it. Those copies are the
// upload's alone: each is freed (its buffer detached) once the socket took it, rather than left to
// the garbage collector (tens of MiB of them waiting, a full collection every few). Memory another
// owner holds is never freed: a Blob of another class may hand out views it keeps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OwnerBlob } from './support/owner-blob.js';
import { bytesOf, sha256, sinkClient } from './support/upload-kit.js';
import { useChunkSink } from './support/use-chunk-sink.js';
import { watchFrees, type Es2024Buffer } from './support/watch-frees.js';

const MiB = 1024 * 1024;
const CHUNK = 2 * MiB;
const sink = useChunkSink({ operationTypes: { big: { chunk_size: CHUNK, max_chunks: null } } });
afterEach(() => void vi.restoreAllMocks());

const options = { operation_type: 'big', filename: 'clip.bin' };
const stored = (id: number) => sink().files.find((file) => file.id === id)!.bytes;

describe('in Node, an upload from a Blob', () => {
  it('frees each piece read out of the Blob once the socket took it, and the Blob stays whole', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(2 * CHUNK + 333);
    const blob = new Blob([bytes as BlobPart]);
    const first = await sinkClient(sink()).media.upload(blob, options);
    expect(sha256(stored(first.id))).toBe(sha256(bytes));
    // 1 MiB slices: two per whole chunk, then the 333 bytes left (chunks go out in any order).
    expect(frees.sort((a, b) => b - a)).toEqual([MiB, MiB, MiB, MiB, 333]);
    // The Blob's own bytes were never touched: a second upload of it stores them again.
    const second = await sinkClient(sink()).media.upload(blob, options);
    expect(sha256(stored(second.id))).toBe(sha256(bytes));
  });

  it('never frees what a Blob of another class hands out: its owner keeps that memory', async () => {
    const bytes = bytesOf(2 * CHUNK + 333);
    const blob = new OwnerBlob(bytes);
    const file = await sinkClient(sink()).media.upload(blob, options);
    expect(sha256(stored(file.id))).toBe(sha256(bytes));
    expect(blob.handedOut.length).toBeGreaterThan(0);
    // Each still holds its bytes: what the upload sent (and freed) were copies.
    for (const own of blob.handedOut) expect((own as Es2024Buffer).detached).toBe(false);
  });
});
