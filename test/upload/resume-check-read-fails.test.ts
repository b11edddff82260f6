// review15a: a resume checks the chunks sent before a few at a time (the upload's concurrency).
// When one of those reads failed, the upload rejected but the other checks went on reading and
// hashing the rest of the source after the call had settled. Ordered by events: the first chunk's
// read is held until the call rejected on the second's, then looked at once it is hashed; no clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadSourceError } from '../../src/index.js';
import { resumeHarness } from './support/resume-harness.js';
import { cutOffScripted } from './support/scripted-read-blob.js';

afterEach(() => vi.restoreAllMocks());

/** Resolves once the next digest taken settled (the real one runs): a check has hashed a chunk. */
function nextDigest(): Promise<void> {
  const subtle = globalThis.crypto.subtle;
  const digest = subtle.digest.bind(subtle);
  return new Promise((resolve) => {
    vi.spyOn(subtle, 'digest').mockImplementation((algorithm, data) => {
      const hashed = digest(algorithm, data);
      hashed.then(() => resolve(), resolve);
      return hashed;
    });
  });
}

describe('a resume whose check of a chunk sent before cannot read it', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  it('reads nothing more once the call rejected', async () => {
    const { source, script, resume } = await cutOffScripted(h, options, 'flaky');
    let release!: () => void;
    script.hold = new Promise<void>((resolve) => (release = resolve));
    script.holdAt = 0;
    script.failAt = 1;
    const error = await h
      .client()
      .media.upload(source, { ...options, concurrency: 2, resume })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadSourceError);
    const readBy = [...script.read];
    const hashed = nextDigest();
    release(); // chunk 0's check ends now: it hashes chunk 0, then would take the next chunk
    await hashed;
    await new Promise((go) => setImmediate(go)); // what follows the hash before any I/O ran
    expect(script.read).toEqual(readBy); // it went on to read chunks 2 to 7
  });
});
