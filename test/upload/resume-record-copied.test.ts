// A resume record copied under another key (a store that answered another key's record, a record
// copied by hand or by a sync tool, a forged one): its chunk digests can match this source while its
// upload name is another upload's. Adopted, this upload sent its chunks under that name, and the
// other upload, resumed, took them for its own ("chunk already exists"): a file assembled from
// another source's bytes, resolved as a success (checkDigest off, the spec profile's default). A
// resume now adopts only an upload name made for its own key.
import { describe, expect, it } from 'vitest';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

describe('a resume record copied from another key', () => {
  it('is not adopted: each upload stores its own bytes, with a warning', async () => {
    const { store, records } = memoryUploadStore();
    const name = 'copied.bin';
    // Two sources with the same first chunks, then different bytes.
    const first = bytesOf(TOTAL * CHUNK);
    const second = first.slice();
    second.set(bytesOf(5 * CHUNK), 5 * CHUNK);
    const source = (bytes: Uint8Array) => ({
      stream: new Blob([bytes as BlobPart]).stream(),
      size: bytes.byteLength,
    });

    await h.cutOff(source(first), { filename: name, resume: { store, key: 'first' } }, 3);
    records.set('second', structuredClone(records.get('first')!));

    // The second upload, with the copy (its first chunks match the record's digests), sends its
    // other chunks and is cut off before finalize.
    await h.cutOff(source(second), { filename: name, resume: { store, key: 'second' } }, 7);
    expect(h.warnings.join('\n')).toMatch(/upload name was not made for this resume key/);

    // The first upload resumes its own record: its file is its own bytes.
    const file = await h.client().media.upload(source(first), {
      operation_type: 'tiny',
      filename: name,
      resume: { store, key: 'first' },
    });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(first));

    // And the second, resumed, its own.
    const other = await h.client().media.upload(source(second), {
      operation_type: 'tiny',
      filename: name,
      resume: { store, key: 'second' },
    });
    expect(sha256(h.recorder.simulator.fileBytes(other.id))).toBe(sha256(second));
  });
});
