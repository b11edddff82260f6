// review16b: a Blob's chunk read that never settles (a File on a drive gone away, a Blob of the
// app's making), with no signal given, held the upload for ever: a stream's read fails after
// `chunkTimeout` without bytes, a Blob's read for its digest (an upload with `resume`) had no bound.
// chunkTimeout is the bound under test (the upload's own timer); nothing measures wall time.
import { describe, expect, it } from 'vitest';
import { UploadSourceError } from '../../src/index.js';
import { resumeHarness, CHUNK, TOTAL } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

/** A Blob whose reads never settle once `hang` is set. */
class HangingBlob extends Blob {
  constructor(
    private readonly owned: Uint8Array,
    readonly state: { hang: boolean },
  ) {
    super([owned as BlobPart]);
  }

  override slice(start = 0, end = this.size): Blob {
    return new HangingBlob(this.owned.subarray(start, end), this.state);
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const { state } = this;
    const bytes = this.owned.slice();
    return new ReadableStream({
      start(controller) {
        if (state.hang) return new Promise<void>(() => undefined); // never settles
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
}

describe('an upload with resume whose Blob read never settles, and no signal', () => {
  const h = resumeHarness();
  const options = { operation_type: 'tiny', filename: 'clip.png', chunkTimeout: 300 } as const;

  it('fails with UploadSourceError after chunkTimeout when a chunk is read for its digest', async () => {
    const source = new HangingBlob(bytesOf(TOTAL * CHUNK), { hang: true });
    const resume = { store: memoryUploadStore().store, key: 'fresh' };
    const error = await h
      .client()
      .media.upload(source, { ...options, resume, concurrency: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadSourceError);
    expect((error as Error).message).toMatch(/300 ms \(the upload's chunkTimeout\)/);
  });

  it('fails with UploadSourceError when a resume checks the chunks sent before; the record stays', async () => {
    const state = { hang: false };
    const source = new HangingBlob(bytesOf(TOTAL * CHUNK), state);
    const { store } = memoryUploadStore();
    const resume = { store, key: 'resumed' };
    await h.cutOff(source, { ...options, resume }, 8);
    state.hang = true;
    const error = await h
      .client()
      .media.upload(source, { ...options, resume, concurrency: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadSourceError);
    state.hang = false;
    const { sent } = await h.finish(source, { ...options, resume, concurrency: 1 }, 'clip.png');
    expect(sent).toEqual([8, 9]);
  });
});
