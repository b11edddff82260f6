// With checkDigest, a Blob's chunk is read once into a buffer, hashed and sent from there (issue
// 40). The pieces a plain Blob's stream copies out of it on the way are the upload's alone: each is
// freed once copied, not left to the garbage collector. A Blob of another class may hand out
// memory its owner keeps: never freed.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { OwnerBlob } from './support/owner-blob.js';
import { bytesOf } from './support/upload-kit.js';
import { watchFrees, type Es2024Buffer } from './support/watch-frees.js';

const h = resumeHarness();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
afterEach(() => vi.restoreAllMocks());

const options = { operation_type: 'tiny', filename: 'clip.png', checkDigest: true } as const;

describe('a Blob uploaded with checkDigest', () => {
  it('frees each piece read out of it once copied into the chunk, and stays whole', async () => {
    const frees = watchFrees();
    const bytes = bytesOf(TOTAL * CHUNK - 17);
    const blob = new Blob([bytes as BlobPart]);
    const file = await h.client().media.upload(blob, options);
    expect(file.name).toBe(md5(bytes));
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    // One piece per chunk here (chunks are smaller than a 1 MiB slice), each freed once.
    expect(frees.sort((a, b) => b - a)).toEqual([...Array(TOTAL - 1).fill(CHUNK), CHUNK - 17]);
    // The Blob's own bytes were never touched: a second upload reads them again.
    const again = await h.client().media.upload(blob, options);
    expect(h.recorder.simulator.fileBytes(again.id)).toEqual(bytes);
  });

  it('never frees what a Blob of another class hands out: its owner keeps it', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const blob = new OwnerBlob(bytes);
    const file = await h.client().media.upload(blob, options);
    expect(file.name).toBe(md5(bytes));
    expect(blob.handedOut.length).toBeGreaterThanOrEqual(TOTAL);
    for (const own of blob.handedOut) expect((own as Es2024Buffer).detached).toBe(false);
  });
});
