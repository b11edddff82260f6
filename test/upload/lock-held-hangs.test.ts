// A store whose lock has `held()` that never answers (a lock server gone quiet): the upload asks it
// before each chunk, and an abort there waited for it up to the chunk timeout (two minutes by
// default), then rejected with UploadTakenOverError, as if another upload had taken the record.
// The wait now ends with the call's signal, and the upload rejects with AbortError.
import { describe, expect, it } from 'vitest';
import { AbortError, UploadTakenOverError, type UploadStore } from '../../src/index.js';
import { fileOf, resumeHarness, CHUNK } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

describe('a lock whose held() never answers', () => {
  it('an abort while the upload asks it ends the upload with AbortError at once', async () => {
    const { store: records } = memoryUploadStore();
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const store: UploadStore = {
      ...records,
      lock: async () =>
        Object.assign(async () => undefined, {
          held: () => {
            asked();
            return new Promise<boolean>(() => undefined);
          },
        }),
    };
    const controller = new AbortController();
    const name = 'held-hangs.png';
    const upload = h.client().media.upload(fileOf(bytesOf(4 * CHUNK), name), {
      operation_type: 'tiny',
      resume: { store, key: 'hangs' },
      signal: controller.signal,
      chunkTimeout: 3_600_000, // an hour: the abort, not the bound, must end the wait
    });
    upload.catch(() => undefined);
    await asking;
    controller.abort();
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).not.toBeInstanceOf(UploadTakenOverError);
    expect(h.recorder.trace(name).chunks).toHaveLength(0);
  });
});

describe('a lock whose held() stops answering once every chunk is acknowledged', () => {
  it('an abort before finalize ends the upload with AbortError, nothing finalized', async () => {
    const { store: records } = memoryUploadStore();
    let hang = false;
    let asked!: () => void;
    const asking = new Promise<void>((resolve) => (asked = resolve));
    const store: UploadStore = {
      ...records,
      lock: async () =>
        Object.assign(async () => undefined, {
          held: async () => {
            if (!hang) return true;
            asked();
            return new Promise<boolean>(() => undefined);
          },
        }),
    };
    const controller = new AbortController();
    const name = 'held-hangs-at-finalize.png';
    let acknowledged = 0;
    const upload = h.client().media.upload(fileOf(bytesOf(4 * CHUNK), name), {
      operation_type: 'tiny',
      concurrency: 1,
      resume: { store, key: 'hangs-at-finalize' },
      signal: controller.signal,
      chunkTimeout: 3_600_000,
      onChunk: () => void (++acknowledged === 4 && (hang = true)),
    });
    upload.catch(() => undefined);
    await asking;
    controller.abort();
    const error = await upload.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(h.recorder.trace(name).chunks).toHaveLength(4);
    expect(h.recorder.trace(name).finalizes).toHaveLength(0);
  });
});
