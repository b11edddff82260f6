// A resume record's digest of a chunk must be of the bytes the service acknowledged. A Blob read
// twice (once for the digest, once by the sender) can give other bytes the second time: a Blob of
// the caller's own making, a file rewritten with its size and modification time kept. The record
// then vouched for bytes the service never got, and a resumed upload whose source gave the first
// bytes again adopted the chunk: it resolved with a file that is not its source (no `checkDigest`).
import { describe, expect, it } from 'vitest';
import { CHUNK, TOTAL, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

/** A Blob whose chunk `flipped` reads `other`'s bytes on its second read, and its own after. */
class ShiftyBlob extends Blob {
  private readonly reads = new Map<number, number>();

  constructor(
    private readonly own: Uint8Array,
    private readonly other: Uint8Array,
    private readonly flipped: number | undefined,
  ) {
    super([own as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    // The upload's slices are one chunk each: a slice's own reads go through `read`.
    const index = Math.floor(start / CHUNK);
    const read = () => {
      const count = (this.reads.get(index) ?? 0) + 1;
      this.reads.set(index, count);
      return index === this.flipped && count === 2 ? this.other : this.own;
    };
    return new ChunkBlob(this.own.subarray(start, end), start, read);
  }
}

/** One chunk's Blob: each read (`slice` of it, as both the digest and the sender do) asks anew. */
class ChunkBlob extends Blob {
  constructor(
    first: Uint8Array,
    private readonly at: number,
    private readonly read: () => Uint8Array,
  ) {
    super([first as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new Blob([this.read().subarray(this.at + start, this.at + end) as BlobPart]);
  }
}

describe('a Blob whose bytes change between the digest and the send, resumed (no checkDigest)', () => {
  it('never resolves with bytes that are not the source', async () => {
    const name = 'shifty.bin';
    const bytes = bytesOf(TOTAL * CHUNK);
    const other = bytes.map((byte) => byte ^ 0xff);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'shifty' };
    await h.cutOff(new ShiftyBlob(bytes, other, 2), { filename: name, resume }, 5);

    const { file } = await h.finish(
      new ShiftyBlob(bytes, other, undefined),
      { filename: name, resume },
      name,
    );
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  });
});
