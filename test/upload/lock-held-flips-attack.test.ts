// A lock whose `held()` does not keep to one story: it says "taken over" once and "held" after
// (a lock server that flaps, a lease renewed by a retry behind the holder's back), or it throws
// synchronously instead of rejecting. The first "not held" is final: the upload writes its record
// no more, sends no further chunk, finalizes nothing and rejects with UploadTakenOverError.
import { describe, expect, it } from 'vitest';
import { UploadTakenOverError, type UploadStore } from '../../src/index.js';
import { fileOf, resumeHarness, CHUNK } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

/** A memory store whose lock answers `held()` with `answer(n)` at its n-th ask (from 1). */
function storeWith(answer: (asked: number) => boolean) {
  const { store: records, records: kept } = memoryUploadStore();
  let asked = 0;
  let writesAfterLost = 0;
  let lost = false;
  const store: UploadStore = {
    ...records,
    set: async (key, record) => {
      if (lost) writesAfterLost++;
      await records.set(key, record);
    },
    lock: async () =>
      Object.assign(async () => undefined, {
        held: async () => {
          const held = answer(++asked);
          if (!held) lost = true;
          return held;
        },
      }),
  };
  return { store, kept, writesAfterLost: () => writesAfterLost };
}

describe('a lock whose held() flips', () => {
  it('not held once, held after: lost for good, no write, chunk or finalize after it', async () => {
    const { store, kept, writesAfterLost } = storeWith((asked) => asked !== 4);
    const name = 'flips.png';
    const error = await h
      .client()
      .media.upload(fileOf(bytesOf(8 * CHUNK), name), {
        operation_type: 'tiny',
        concurrency: 1,
        resume: { store, key: 'flips' },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadTakenOverError);
    expect(writesAfterLost()).toBe(0);
    expect(h.recorder.trace(name).chunks.length).toBeLessThan(8);
    expect(h.recorder.trace(name).finalizes).toHaveLength(0);
    expect([...kept.values()][0]?.finalizeSent).toBe(false);
  });

  it('held() that throws synchronously: UploadTakenOverError with its cause, nothing sent', async () => {
    const { store: records } = memoryUploadStore();
    const failure = new Error('lock client not connected');
    const store: UploadStore = {
      ...records,
      lock: async () =>
        Object.assign(async () => undefined, {
          held: (): Promise<boolean> => {
            throw failure;
          },
        }),
    };
    const name = 'throws.png';
    const error = await h
      .client()
      .media.upload(fileOf(bytesOf(4 * CHUNK), name), {
        operation_type: 'tiny',
        resume: { store, key: 'throws' },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadTakenOverError);
    expect(error).toMatchObject({ cause: failure });
    expect(h.recorder.trace(name).chunks).toHaveLength(0);
  });
});
