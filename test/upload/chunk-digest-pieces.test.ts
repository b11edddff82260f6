// A resumed upload re-reads each acknowledged chunk and compares its SHA-256 with the record's. A
// Blob's chunk is now read 1 MiB at a time, the event loop let go between pieces (Node's
// `arrayBuffer()` of 64 MiB held it 274-297 ms of CPU): the digest is the same whatever the size,
// a piece's edge anywhere in it.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunkDigest } from '../../src/helpers/upload/chunk-digest.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

describe("a Blob chunk's digest", () => {
  it.each([0, 1, MiB - 1, MiB, 3 * MiB + 17])('of %i bytes is the bytes’ SHA-256', async (size) => {
    const bytes = new Uint8Array(size).map((_, at) => (at * 31 + (at >> 20)) & 0xff);
    expect(await chunkDigest(new Blob([bytes]))).toBe(sha256(bytes));
    expect(await chunkDigest(bytes)).toBe(sha256(bytes));
  });
});
