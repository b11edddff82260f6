// redteam39: a resume reads the chunks sent before again (to check them) before anything is sent,
// and an upload with `resume` reads each chunk whole for its digest before it goes. A read that
// never settles (a file on a network drive gone away, a Blob of the caller's making) held the call
// past its signal: the check looked at the signal only between chunks, the digest not at all.
// Ordered by events: the signal fires once the read is known held; no clock.
import { describe, expect, it } from 'vitest';
import { AbortError, TimeoutError, UploadSourceError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { cutOffScripted, NEVER, ScriptedReadBlob } from './support/scripted-read-blob.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

describe('a resume whose check of a chunk sent before never settles', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  for (const [label, reason, kind] of [
    ['a pause', new Error('paused'), AbortError],
    ['AbortSignal.timeout', new DOMException('timed out', 'TimeoutError'), TimeoutError],
  ] as const) {
    it(`ends with the signal (${label}), and reads no other chunk`, async () => {
      const { source, script, resume } = await cutOffScripted(h, options, 'hanging');
      script.hold = NEVER;
      const controller = new AbortController();
      script.held = () => controller.abort(reason);
      const error = await h
        .client()
        .media.upload(source, { ...options, concurrency: 1, resume, signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(kind);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
      expect(script.read).toEqual([0]);
      if (kind === TimeoutError) expect((error as Error).message).toMatch(/file was not made/);
    });
  }

  it('a check whose read failed (concurrency 1) keeps the record: the next call resumes', async () => {
    const { source, script, resume } = await cutOffScripted(h, options, 'failing');
    script.failAt = 'every';
    const failed = h.client().media.upload(source, { ...options, concurrency: 1, resume });
    await expect(failed).rejects.toBeInstanceOf(UploadSourceError);
    expect(script.read).toEqual([0]);
    script.failAt = undefined;
    const { sent } = await h.finish(source, { ...options, concurrency: 1, resume }, 'clip.png');
    expect(sent).toEqual([8, 9]);
  });

  for (const resumed of [false, true]) {
    it(`a send whose chunk read never settles ends with the signal too (resume: ${resumed})`, async () => {
      const controller = new AbortController();
      const held = () => controller.abort(new Error('paused'));
      const source = new ScriptedReadBlob(bytesOf(TOTAL * CHUNK), 0, {
        read: [],
        hold: NEVER,
        held,
      });
      const resume = resumed ? { resume: { store: memoryUploadStore().store, key: 'fresh' } } : {};
      const error = await h
        .client()
        .media.upload(source, { ...options, ...resume, concurrency: 1, signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortError);
    });
  }
});
