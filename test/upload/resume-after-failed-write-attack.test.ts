// redteam51: a resume store whose write failed once (a full disk, a network store's blip) stops
// the upload's record writes ("cannot be resumed"), but the record written before the failure
// stayed. The upload went on and the service stored chunks that record does not name; a later
// call with the same key resumed from it. With the file changed there since (its size and
// modification time kept: `touch -r`, a File of fixed lastModified) and that call's first answer
// for such a chunk lost, its retry took the service's "chunk already exists" for its own and the
// upload resolved with the old bytes there. The record now goes when a write fails.
import { expect, it } from 'vitest';
import type { UploadRecord, UploadStore } from '../../src/index.js';
import { CHUNK, fileOf, resumeHarness } from './support/resume-harness.js';
import { bytesOf, sha256 } from './support/upload-kit.js';

const h = resumeHarness();

it('never resumes from a record left behind by a write that failed', async () => {
  const name = 'failed-write.png';
  const before = bytesOf(4 * CHUNK);
  const records = new Map<string, UploadRecord>();
  let failed = false;
  const store: UploadStore = {
    get: async (key) => records.get(key),
    delete: async (key) => void records.delete(key),
    set: async (key, record) => {
      // The write naming chunk 2 before it leaves fails, once: chunk 2 goes all the same.
      if (!failed && record.inFlight?.some(({ index }) => index === 2)) {
        failed = true;
        throw new Error('ENOSPC: no space left on device');
      }
      records.set(key, structuredClone(record));
    },
  };
  // The first run stops (a crash, a Ctrl-C) once chunk 2 was stored and acknowledged.
  await h.cutOff(fileOf(before, name), { resume: { store } }, 3);
  expect(h.warnings.join('\n')).toMatch(/ENOSPC.*cannot be resumed/);

  // The file changes in chunk 2, its size and modification time kept; the next run's first
  // answer for chunk 2 is lost (the service answered, the connection dropped).
  const after = before.slice();
  after.fill(7, 2 * CHUNK, 3 * CHUNK);
  h.recorder.simulator.faults.inject({
    route: 'POST /v2/media/me/chunk',
    kind: 'reset-after',
  });
  const { file } = await h.finish(fileOf(after, name), { resume: { store } }, name);
  expect(sha256(h.recorder.simulator.fileBytes(file.id))).toBe(sha256(after));
});
