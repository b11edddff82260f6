// loose22: fileUploadStore's lock was let go outside the queue its writes take turns in. A holder
// that let go while its last write was still on its way (a first write, which prunes the folder
// first, is slow) left the lock free at once: another upload in this process (through another
// `fileUploadStore(dir)`) took it and wrote its record, and the earlier holder's write, no longer
// fenced by a lock it held, landed over it. The release now takes its turn after the writes
// asked before it: the order of events, not timing.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { UploadRecord } from '../../src/index.js';
import { fileUploadStore } from '../../src/node.js';

let dir: string;
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-release-'))));
afterEach(() => rm(dir, { recursive: true, force: true }));

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
  digests: ['d0'],
  finalizeSent: false,
  updatedAt: Date.now(),
});

it("lets its lock go only once the holder's writes asked before are done", async () => {
  // Records of other uploads: the first write of a store looks at each (pruning), so it is slow.
  const others = Array.from({ length: 2_000 }, (_, n) => join(dir, `other-${n}.json`));
  await Promise.all(others.map((file) => writeFile(file, '{}')));
  const first = fileUploadStore(dir);
  const second = fileUploadStore(dir);
  await second.set('warm', recordOf('warm')); // its pruning done

  const release = await first.lock!('talk');
  expect(release).toBeTypeOf('function');
  let written = false;
  const write = first.set('talk', recordOf('first')).then(() => void (written = true));
  await release!();
  // Its lock let go, nothing of the first holder is left to land.
  expect(written).toBe(true);

  const again = await second.lock!('talk');
  expect(again).toBeTypeOf('function');
  await second.set('talk', recordOf('second'));
  await write;
  expect(await second.get('talk')).toMatchObject({ uploadName: 'second' });
  await again!();
});
