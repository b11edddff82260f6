// redteam39: a resume reads the chunks sent before again (to check them) before anything is sent,
// and an upload with `resume` reads each chunk whole for its digest before it goes. A read that
// never settles (a file on a network drive gone away, a Blob of the caller's making) held the call
// past its signal: the check looked at the signal only between chunks, the digest not at all.
// Ordered by events: the signal fires once the read is known held; no clock.
import { describe, expect, it } from 'vitest';
import { AbortError, TimeoutError, UploadSourceError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

/** A Blob whose chunk reads can be held forever once `hang` is set; it counts the chunks read. */
class HangingBlob extends Blob {
  constructor(
    private readonly owned: Uint8Array,
    private readonly at: number,
    readonly state: { read: number[]; hang?: boolean; fail?: boolean; held?: () => void },
  ) {
    super([owned as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new HangingBlob(this.owned.subarray(start, end), this.at + start, this.state);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const { state } = this;
    state.read.push(Math.floor(this.at / CHUNK));
    const bytes = this.owned.slice();
    return new ReadableStream({
      start(controller) {
        if (state.fail) return controller.error(new Error('disk gone'));
        if (state.hang) {
          state.held?.();
          return new Promise<void>(() => undefined); // never settles
        }
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
}

describe('a resume whose check of a chunk sent before never settles', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  for (const [label, reason, kind] of [
    ['a pause', new Error('paused'), AbortError],
    ['AbortSignal.timeout', new DOMException('timed out', 'TimeoutError'), TimeoutError],
  ] as const) {
    it(`ends with the signal (${label}), and reads no other chunk`, async () => {
      const state: HangingBlob['state'] = { read: [] };
      const source = new HangingBlob(bytesOf(TOTAL * CHUNK), 0, state);
      const { store } = memoryUploadStore();
      const resume = { store, key: 'hanging' };
      await h.cutOff(source, { ...options, resume }, 8);
      state.read = [];
      state.hang = true;
      const controller = new AbortController();
      state.held = () => controller.abort(reason);
      const error = await h
        .client()
        .media.upload(source, { ...options, concurrency: 1, resume, signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(kind);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
      expect(state.read).toEqual([0]);
      if (kind === TimeoutError) expect((error as Error).message).toMatch(/file was not made/);
    });
  }

  it('a check whose read failed (concurrency 1) keeps the record: the next call resumes', async () => {
    const state: HangingBlob['state'] = { read: [] };
    const source = new HangingBlob(bytesOf(TOTAL * CHUNK), 0, state);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'failing' };
    await h.cutOff(source, { ...options, resume }, 8);
    state.fail = true;
    state.read = [];
    const failed = h.client().media.upload(source, { ...options, concurrency: 1, resume });
    await expect(failed).rejects.toBeInstanceOf(UploadSourceError);
    expect(state.read).toEqual([0]);
    state.fail = false;
    const { sent } = await h.finish(source, { ...options, concurrency: 1, resume }, 'clip.png');
    expect(sent).toEqual([8, 9]);
  });

  for (const resumed of [false, true]) {
    it(`a send whose chunk read never settles ends with the signal too (resume: ${resumed})`, async () => {
      const state: HangingBlob['state'] = { read: [], hang: true };
      const controller = new AbortController();
      state.held = () => controller.abort(new Error('paused'));
      const source = new HangingBlob(bytesOf(TOTAL * CHUNK), 0, state);
      const resume = resumed ? { resume: { store: memoryUploadStore().store, key: 'fresh' } } : {};
      const error = await h
        .client()
        .media.upload(source, { ...options, ...resume, concurrency: 1, signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortError);
    });
  }
});
