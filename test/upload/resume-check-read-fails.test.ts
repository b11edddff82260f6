// review15a: a resume checks the chunks sent before a few at a time (the upload's concurrency).
// When one of those reads failed, the upload rejected but the other checks went on reading and
// hashing the rest of the source after the call had settled. Ordered by events: the first chunk's
// read is held until the call rejected on the second's; no clock.
import { describe, expect, it } from 'vitest';
import { UploadSourceError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

/** A Blob whose chunk reads can be held or made to fail; it counts the chunks read. */
class FlakyBlob extends Blob {
  constructor(
    private readonly owned: Uint8Array,
    private readonly at: number,
    readonly state: { read: number[]; failAt?: number; hold?: Promise<void>; held?: () => void },
  ) {
    super([owned as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new FlakyBlob(this.owned.subarray(start, end), this.at + start, this.state);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const { state, at } = this;
    const index = Math.floor(at / CHUNK);
    state.read.push(index);
    const bytes = this.owned.slice();
    return new ReadableStream({
      async start(controller) {
        if (index === 0 && state.hold) {
          state.held?.();
          await state.hold;
        }
        if (index === state.failAt) return controller.error(new Error('disk gone'));
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
}

describe('a resume whose check of a chunk sent before cannot read it', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png' } as const;

  it('reads nothing more once the call rejected', async () => {
    const state: FlakyBlob['state'] = { read: [] };
    const source = new FlakyBlob(bytesOf(TOTAL * CHUNK), 0, state);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'flaky' };
    await h.cutOff(source, { ...options, resume }, 8);
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    state.failAt = 1;
    state.read = [];
    const error = await h
      .client()
      .media.upload(source, { ...options, concurrency: 2, resume })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadSourceError);
    const readBy = [...state.read];
    release(); // chunk 0's check ends now
    for (let turn = 0; turn < 20; turn++) await new Promise((go) => setImmediate(go));
    expect(state.read).toEqual(readBy); // it went on to read chunks 2 to 7
  });
});
