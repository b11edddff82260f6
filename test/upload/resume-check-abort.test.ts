// review15a: a resume reads its acknowledged chunks again and hashes them (to check them) before
// anything is sent; the caller's signal did not stop that: a pause during it went on reading and
// hashing every acknowledged chunk of the file (thousands of a large one) before it settled.
// Ordered by events: the signal fires as the first chunk is hashed; no clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

afterEach(() => vi.restoreAllMocks());

describe('a resumed File whose signal fires while its chunks are checked', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  /** A File's second run (the first paused after 8 chunks), stopped with `reason` as it hashes one. */
  async function resumedStoppedWith(reason: unknown) {
    const source = new File([bytesOf(TOTAL * CHUNK) as BlobPart], 'clip.png', { lastModified: 1 });
    const { store } = memoryUploadStore();
    await h.cutOff(source, { ...options, resume: { store } }, 8);
    // The real digest runs; the signal fires as the first acknowledged chunk is hashed.
    const controller = new AbortController();
    const subtle = globalThis.crypto.subtle;
    const digest = subtle.digest.bind(subtle);
    let hashed = 0;
    vi.spyOn(subtle, 'digest').mockImplementation((algorithm, data) => {
      const size = ArrayBuffer.isView(data) ? data.byteLength : (data as ArrayBuffer).byteLength;
      if (size === CHUNK && ++hashed === 1) controller.abort(reason);
      return digest(algorithm, data);
    });
    const error = await h
      .client()
      .media.upload(source, {
        ...options,
        concurrency: 1,
        resume: { store },
        signal: controller.signal,
      })
      .catch((caught: unknown) => caught);
    return { error, hashed };
  }

  it('stops checking at the chunk being checked, and rejects with AbortError', async () => {
    const { error, hashed } = await resumedStoppedWith(new Error('paused'));
    expect(error).toBeInstanceOf(AbortError);
    expect(hashed).toBe(1); // it read and hashed all 8 acknowledged chunks
  });

  it('by its AbortSignal.timeout: a TimeoutError that says no file was made', async () => {
    const { error, hashed } = await resumedStoppedWith(
      new DOMException('timed out', 'TimeoutError'),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect((error as Error).message).toMatch(/file was not made/);
    expect(hashed).toBe(1);
  });
});
