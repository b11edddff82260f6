// Someone who can write the resume store forges a record the upload adopts: a record of their own
// upload of a source with the same identity (file name, size; key), its upload name's tag made for
// this key because seatpay made it, its chunk digests rewritten to those of the victim's source.
// The victim's upload reads its chunks, finds them matching, and skips them: the service holds the
// forger's bytes under that name. The md5 of the whole source, checked after that resume, is the
// last line: the file is refused, never resolved.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UploadDigestMismatchError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** The store after the forger's cut-off upload, its record's digests made the victim's. */
async function forged(victim: Uint8Array, filename: string) {
  const { store, records } = memoryUploadStore();
  const resume = { store, key: 'report' };
  await h.cutOff(bytesOf(victim.length), { filename, resume }, 4);
  const [key, record] = [...records][0]!;
  const digests = record.acknowledged.map((index) =>
    sha256(victim.subarray(index * CHUNK, (index + 1) * CHUNK)),
  );
  records.set(key, { ...record, digests });
  return resume;
}

describe('a resume record forged with the victim digests', () => {
  it('with checkDigest, the assembled file is refused after the resume', async () => {
    const victim = bytesOf(TOTAL * CHUNK);
    const resume = await forged(victim, 'forged.bin');
    const upload = h.client().media.upload(victim, {
      operation_type: 'tiny',
      filename: 'forged.bin',
      resume,
      checkDigest: true,
    });
    const error = await upload.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(UploadDigestMismatchError);
    expect((error as UploadDigestMismatchError).expectedMd5).toBe(md5(victim));
    // The forged chunks were adopted (not sent again): only the md5 told.
    const stored = h.recorder.simulator.fileBytes((error as UploadDigestMismatchError).fileId!);
    expect(md5(stored)).not.toBe(md5(victim));
  });

  it('without it (the spec profile default) the documented limit: the file resolves corrupt', async () => {
    const victim = bytesOf(TOTAL * CHUNK);
    const resume = await forged(victim, 'unchecked.bin');
    const file = await h.client().media.upload(victim, {
      operation_type: 'tiny',
      filename: 'unchecked.bin',
      resume,
    });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).not.toBe(sha256(victim));
  });
});
