// redteam54: fileUploadStore refused the record write of an upload whose lock was taken over (its
// process paused past ten minutes: SIGSTOP, a laptop asleep), but not its delete. An upload asks
// whether it still holds the lock before deleting its record (a failed write's clean-up, a
// finished upload's); paused between that ask and the delete, it woke up and removed the record
// of the upload that had taken the lock over and resumed meanwhile: that one's resume was gone (a
// crash of it after finalize uploaded the file again). The delete is fenced as the write is.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { UploadRecord } from '../../src/index.js';
import { fileUploadStore } from '../../src/node.js';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-delete-fenced-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The lock a restarted sibling (another container under this host name) writes taking it over. */
const SIBLING_LOCK = JSON.stringify({
  pid: 1,
  host: hostname(),
  at: Date.now(),
  run: 'restarted-sibling',
  space: 'pid:[4026532999]',
  beat: 60_000,
  nonce: 'sibling',
});

const recordOf = (uploadName: string): UploadRecord => ({
  version: 2,
  filename: 'talk.mp4',
  uploadName,
  operationType: 'media',
  academy: null,
  totalBytes: 4096,
  chunkSize: 1024,
  totalChunks: 4,
  lastModified: 1_700_000_000_000,
  acknowledged: [0],
  digests: ['a'.repeat(64)],
  finalizeSent: false,
  updatedAt: Date.now(),
});

it("a delete by an upload whose lock was taken over leaves the new holder's record", async () => {
  const key = 'talk.mp4';
  const paused = fileUploadStore(dir);
  const unlock = await paused.lock!(key);
  expect(unlock).toBeDefined();
  await paused.set(key, recordOf('paused-upload'));
  // While it is paused, a sibling takes the lock over and resumes the record under its own name.
  const [lock] = (await readdir(dir)).filter((name) => name.endsWith('.lock'));
  await writeFile(join(dir, lock!), SIBLING_LOCK);
  const sibling = fileUploadStore(dir);
  await sibling.set(key, recordOf('sibling-upload'));
  // The paused upload wakes up and deletes what it asked about before it stopped.
  await expect(paused.delete(key)).rejects.toThrow(/taken over by another upload/);
  expect(await sibling.get(key)).toMatchObject({ uploadName: 'sibling-upload' });
  await unlock!();
});
