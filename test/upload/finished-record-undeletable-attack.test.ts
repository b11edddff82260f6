// upload24: a store that cannot delete (a bucket without delete rights, a read-only volume for
// deletes) kept a finalized upload's record as it was, saying "finalize sent": the upload resolved
// with a warning, and every later upload of the source under that key rejected with
// UploadMayExistError, saying the earlier call's finalize "never said whether the file was made"
// (it had: the file was made) and pointing at discardUpload, which that store cannot do either.
// Where the delete fails, the record is now emptied of its chunks and says finalize was not sent:
// the next upload is a fresh one, as after a delete.
import { expect, it } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

it('a finalized upload whose store cannot delete its record leaves the next upload free', async () => {
  const bytes = bytesOf(3 * CHUNK);
  const records = new Map<string, UploadRecord>();
  const store: UploadStore = {
    get: async (key) => structuredClone(records.get(key)),
    set: async (key, record) => void records.set(key, structuredClone(record)),
    delete: async () => Promise.reject(new Error('403 Forbidden: delete not allowed')),
  };
  const first = await h.finish(fileOf(bytes, 'kept.png'), { resume: { store } }, 'kept.png');
  // Emptied: one warning that says so, no "the file may exist" left behind.
  expect(h.warnings).toEqual([
    expect.stringMatching(/could not be deleted .*; it was emptied instead$/),
  ]);

  const again = await h.finish(fileOf(bytes, 'kept.png'), { resume: { store } }, 'kept.png');
  expect(again.sent).toEqual([0, 1, 2]);
  expect(again.file.id).not.toBe(first.file.id);
  expect(sha256(h.recorder.simulator.fileBytes(again.file.id))).toBe(sha256(bytes));
});

// review24: the emptied record was listed by pendingUploads as an upload 0 % done (finalize not
// sent): a page offering to resume it uploaded the finished file again, a second copy.
it('a finalized upload whose store cannot delete its record is not listed as pending', async () => {
  const records = new Map<string, UploadRecord>();
  const store: UploadStore = {
    get: async (key) => structuredClone(records.get(key)),
    set: async (key, record) => void records.set(key, structuredClone(record)),
    delete: async () => Promise.reject(new Error('403 Forbidden: delete not allowed')),
    list: async () => [...records],
  };
  await h.finish(fileOf(bytesOf(3 * CHUNK), 'kept.png'), { resume: { store } }, 'kept.png');
  expect(records.size).toBe(1); // kept, emptied
  expect(await h.client().media.pendingUploads(store)).toEqual([]);
});
