// A pause (an abort) that lands once every chunk is acknowledged, while the upload waits for the
// store to record the last one, before finalize. The process may end right after the call
// settles (the user closed the app): the store then holds what landed by then. That record must
// not say "finalize sent" (the next run would reject with UploadMayExistError, nothing finalized),
// and the next run finalizes from it, once.
import { describe, expect, it } from 'vitest';
import { AbortError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { resumeHarness, TOTAL, CHUNK } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

describe('an abort after the last chunk, before finalize', () => {
  it('leaves a record the next run finalizes from, once', async () => {
    const controller = new AbortController();
    const records = new Map<string, UploadRecord>();
    const unanswered: Array<() => void> = [];
    let paused = false;
    const store: UploadStore = {
      get: async (key) => records.get(key),
      delete: async (key) => void records.delete(key),
      set: async (key, record) => {
        records.set(key, structuredClone(record));
        // After the pause a write lands but is never answered: the process is gone.
        if (paused) return new Promise<void>((resolve) => unanswered.push(resolve));
        if (record.acknowledged.length < TOTAL) return;
        paused = true;
        // The chunks' scheduler ends and the upload waits for this write: then the user pauses.
        await new Promise((resolve) => setImmediate(resolve));
        controller.abort();
      },
    };
    const bytes = bytesOf(TOTAL * CHUNK);
    const options = { operation_type: 'tiny', filename: 'paused.bin' } as const;
    const upload = h.client().media.upload(bytes, {
      ...options,
      resume: { store, key: 'paused' },
      signal: controller.signal,
    });
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    // Finalize not sent: the pause says nothing of a file that may exist (a resume is safe).
    await expect(upload).rejects.toMatchObject({ mayHaveBeenProcessed: false });
    await expect(upload).rejects.not.toThrow(/may exist|check the service/);
    expect(h.recorder.trace('paused.bin').finalizes).toEqual([]);
    expect([...records.values()].map((record) => record.finalizeSent)).toEqual([false]);

    unanswered.forEach((answer) => answer());
    const fresh = {
      ...store,
      set: async (key: string, record: UploadRecord) => void records.set(key, record),
    };
    const file = await h.client().media.upload(bytes, {
      ...options,
      resume: { store: fresh, key: 'paused' },
    });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(h.recorder.trace('paused.bin').finalizes).toEqual([201]);
    expect(records.size).toBe(0);
  });
});
