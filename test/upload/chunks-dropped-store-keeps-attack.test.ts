// redteam42: a resume whose service dropped its chunks (finalize answered 400
// `some-chunks-not-found`) deleted its record with the store's `delete` only. A store whose
// `delete` throws (a file store on a read-only folder, a user's store with no delete) kept the
// record as finalize left it: "finalize sent". The next call then rejected with
// UploadMayExistError ("the file may already exist ... not finalized again"), though the service
// had answered that it made no file, and the error had said the record "is deleted".
import { describe, expect, it } from 'vitest';
import { UploadError, type UploadStore } from '../../src/index.js';
import { createChunkStore } from '../../src/mock/index.js';
import { TOTAL, CHUNK, fileOf, range, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore, sha256 } from './support/upload-kit.js';

const h = resumeHarness();
const { cutOff, finish } = h;

describe('a resume whose chunks were dropped, with a store that cannot delete', () => {
  it('empties the record instead, so the next call sends the file whole (no "may exist")', async () => {
    await h.stop();
    const chunkStore = createChunkStore();
    await h.start(chunkStore);
    const bytes = bytesOf(TOTAL * CHUNK);
    const name = 'undeletable.png';
    const { store: memory, records } = memoryUploadStore();
    const store: UploadStore = {
      ...memory,
      delete: async () => Promise.reject(new Error('EROFS: read-only file system')),
    };
    await cutOff(fileOf(bytes, name), { resume: { store } }, 5);
    chunkStore.clear(); // the service dropped the unfinished upload

    const lost = finish(fileOf(bytes, name), { resume: { store } }, name);
    await expect(lost).rejects.toBeInstanceOf(UploadError);
    await expect(lost).rejects.toMatchObject({
      cause: { status: 400, code: 'some-chunks-not-found' },
    });
    // What is left in the store proves nothing: no chunk, so no resume adopts it.
    expect([...records.values()].map((record) => record.acknowledged)).toEqual([[]]);

    const { file, sent } = await finish(fileOf(bytes, name), { resume: { store } }, name);
    expect(sent).toEqual(range(0, TOTAL));
    expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(bytes));
  });

  it('says the record could not be deleted when neither delete nor an overwrite lands', async () => {
    await h.stop();
    const chunkStore = createChunkStore();
    await h.start(chunkStore);
    const bytes = bytesOf(TOTAL * CHUNK);
    const name = 'stuck.png';
    const { store: memory, records } = memoryUploadStore();
    let finalizeRecorded = false;
    // Every write after the one that records "finalize sent" fails, as does every delete.
    const store: UploadStore = {
      ...memory,
      set: async (key, record) => {
        if (finalizeRecorded) throw new Error('disk full');
        finalizeRecorded = record.finalizeSent === true;
        return memory.set(key, record);
      },
      delete: async () => Promise.reject(new Error('EROFS: read-only file system')),
    };
    await cutOff(fileOf(bytes, name), { resume: { store } }, 5);
    chunkStore.clear();

    const lost = finish(fileOf(bytes, name), { resume: { store } }, name);
    await expect(lost).rejects.toBeInstanceOf(UploadError);
    const said = ((await lost.catch((error: unknown) => error)) as Error).message;
    expect(said).not.toMatch(/is deleted/);
    expect(said).toMatch(/could be neither deleted nor emptied: delete it from the store/);
    expect([...records.values()].map((record) => record.finalizeSent)).toEqual([true]);
  });
});
