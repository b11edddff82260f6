// review20b: a resume record write that fails now deletes the record (redteam51: the record
// written before names none of the chunks sent after the failure). But the failure may be the
// store refusing a holder that lost its lock: the upload paused past the store's patience (SIGSTOP,
// a laptop asleep), another upload took the record over and wrote its own, and the store fenced
// off the stale holder's write. The delete that followed removed the other upload's record: its
// resume was gone (a crash of it then uploaded the file again from the start, a second copy once
// it had sent finalize). A failed write's delete now goes only while the record is still this
// upload's, as every other delete of it (hold-watch.ts).
import { expect, it } from 'vitest';
import { UploadTakenOverError, type UploadRecord, type UploadStore } from '../../src/index.js';
import { CHUNK, resumeHarness } from './support/resume-harness.js';
import { bytesOf, memoryUploadStore } from './support/upload-kit.js';

const h = resumeHarness();

it("a failed record write of an upload taken over never deletes the other upload's record", async () => {
  const { store: records, records: held } = memoryUploadStore();
  let takenOver = false;
  let theirs: UploadRecord | undefined;
  const store: UploadStore = {
    ...records,
    set: async (key, record) => {
      // This upload's write naming chunk 1 finds the record taken over meanwhile: the other
      // upload wrote its own, and the store refuses the stale holder's write.
      if (!takenOver && record.inFlight?.some(({ index }) => index === 1)) {
        takenOver = true;
        theirs = { ...structuredClone(record), uploadName: 'the-other-upload' };
        held.set(key, theirs);
      }
      if (takenOver) throw new Error('the lock is held by another upload');
      return records.set(key, record);
    },
    lock: async () => Object.assign(async () => undefined, { held: async () => !takenOver }),
  };
  const error = await h
    .client()
    .media.upload(bytesOf(3 * CHUNK), {
      operation_type: 'tiny',
      filename: 'fenced.png',
      concurrency: 1,
      resume: { store, key: 'fenced' },
    })
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  expect(takenOver).toBe(true);
  expect(error).toBeInstanceOf(UploadTakenOverError);
  // The delete, if any, is sent on the failure's heels: let everything queued run.
  await new Promise((resolve) => setImmediate(resolve));
  expect(held.get('fenced')).toBe(theirs);
});
