// An abort that lands while the store writes "finalize sent", before finalize goes. The process
// may end right after the call settles (the user closed the app): the store then holds what was
// handed to it by then. Nothing was finalized, so that record must not end saying "finalize sent"
// (the next run would reject with UploadMayExistError, saying an earlier call finalized it), and
// the next run finalizes from it, once, the source's bytes.
import { describe, expect, it } from 'vitest';
import { AbortError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { resumeHarness, TOTAL, CHUNK } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

describe('an abort during the write of "finalize sent"', () => {
  it('leaves a record the next run finalizes from, once', async () => {
    const controller = new AbortController();
    const records = new Map<string, UploadRecord>();
    let gone = false;
    const store: UploadStore = {
      get: async (key) => records.get(key),
      delete: async (key) => void records.delete(key),
      set: async (key, record) => {
        if (gone) return new Promise<void>(() => undefined); // the process is gone: nothing lands
        records.set(key, structuredClone(record));
        if (!record.finalizeSent) return;
        // This write lands but is never answered: the user pauses meanwhile, and the process is
        // gone once the call settled.
        controller.abort();
        return new Promise<void>(() => undefined);
      },
    };
    const bytes = bytesOf(TOTAL * CHUNK);
    const options = { operation_type: 'tiny', filename: 'sent.bin' } as const;
    const upload = h.client().media.upload(bytes, {
      ...options,
      resume: { store, key: 'sent' },
      signal: controller.signal,
    });
    await expect(upload).rejects.toBeInstanceOf(AbortError);
    // Finalize not sent: the pause says nothing of a file that may exist (a resume is safe).
    await expect(upload).rejects.toMatchObject({ mayHaveBeenProcessed: false });
    await expect(upload).rejects.not.toThrow(/may exist|check the service/);
    gone = true;
    const left = [...records.values()];
    expect(h.recorder.trace('sent.bin').finalizes).toEqual([]);
    expect(left.map((record) => [record.finalizeSent, record.acknowledged.length])).toEqual([
      [false, TOTAL],
    ]);

    const fresh = {
      ...store,
      set: async (key: string, record: UploadRecord) => void records.set(key, record),
    };
    records.clear();
    records.set('sent', left[0]!);
    const file = await h.client().media.upload(bytes, {
      ...options,
      resume: { store: fresh, key: 'sent' },
    });
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
    expect(h.recorder.trace('sent.bin').finalizes).toEqual([201]);
    expect(h.recorder.trace('sent.bin').chunks).toHaveLength(TOTAL); // none sent again
  });
});
