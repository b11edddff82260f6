// The md5 check reads each byte of the source once where the source allows it (issue 40): a Blob's
// chunks are read once, hashed and sent from the same memory, where they used to be read by the
// sender and again by the hash; resumed chunks are read for the hash alone, in their place.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SeatpayError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { CountingBlob } from './support/counting-blob.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

describe('a Blob uploaded with checkDigest', () => {
  it('is read once: every byte hashed and sent from one read', async () => {
    const bytes = bytesOf(TOTAL * CHUNK - 17);
    const count = { bytes: 0 };
    const file = await h.client().media.upload(new CountingBlob([bytes as BlobPart], count), {
      operation_type: 'tiny',
      filename: 'once.png',
      concurrency: 3,
      checkDigest: true,
    });
    expect(file.name).toBe(md5(bytes));
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    expect(count.bytes).toBe(bytes.length);
  });

  it('without the check, is read once too (by the sender)', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const count = { bytes: 0 };
    await h.client().media.upload(new CountingBlob([bytes as BlobPart], count), {
      operation_type: 'tiny',
      filename: 'plain.png',
    });
    expect(count.bytes).toBe(bytes.length);
  });

  it('resumed: the acknowledged chunks are read once more, for the hash alone', async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'resumed-blob' };
    await h.cutOff(
      new CountingBlob([bytes as BlobPart], { bytes: 0 }),
      { filename: 'resumed.png', resume },
      4,
    );
    const count = { bytes: 0 };
    const file = await h.client().media.upload(new CountingBlob([bytes as BlobPart], count), {
      operation_type: 'tiny',
      filename: 'resumed.png',
      resume,
      checkDigest: true,
    });
    expect(file.name).toBe(md5(bytes));
    expect(h.recorder.simulator.fileBytes(file.id)).toEqual(bytes);
    // The resume's own check reads the 4 acknowledged chunks (their SHA-256 against the record),
    // the hash reads them again; every other chunk is read once.
    expect(count.bytes).toBe(bytes.length + 4 * CHUNK);
  });
});

/**
 * A Blob whose slices answer `arrayBuffer()` but whose streams fail once `streams.left` have been
 * read (a read that breaks): at once, or after the resume's chunk check.
 */
class UnstreamableBlob extends Blob {
  constructor(
    parts: BlobPart[],
    private readonly streams: { left: number },
    options?: BlobPropertyBag,
  ) {
    super(parts, options);
  }

  override slice(start?: number, end?: number, type?: string): Blob {
    const part = super.slice(start, end);
    return new UnstreamableBlob([part], this.streams, { type: type ?? this.type });
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    if (this.streams.left-- <= 0) throw new TypeError('the disk went away');
    return super.stream();
  }
}

for (const { when, streams, message } of [
  {
    when: "for its chunks' check",
    streams: 0,
    message: /could not be read for its digest: the disk went away/,
  },
  {
    when: 'for its md5',
    streams: TOTAL,
    message: /could not be read for its md5.*the disk went away/,
  },
]) {
  it(`a source that fails when read ${when} rejects with a SeatpayError, nothing finalized`, async () => {
    const bytes = bytesOf(TOTAL * CHUNK);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'unreadable' };
    // Every chunk acknowledged, then cut off before finalize: the resume only reads and hashes.
    await h.cutOff(
      new CountingBlob([bytes as BlobPart], { bytes: 0 }),
      { filename: 'u.png', resume },
      TOTAL,
    );
    const source = new UnstreamableBlob([bytes as BlobPart], { left: streams });
    const upload = h.client().media.upload(source, {
      operation_type: 'tiny',
      filename: 'u.png',
      resume,
      checkDigest: true,
    });
    await expect(upload).rejects.toBeInstanceOf(SeatpayError);
    await expect(upload).rejects.toThrow(message);
    expect(h.recorder.trace('u.png').finalizes).toEqual([]);
  });
}
