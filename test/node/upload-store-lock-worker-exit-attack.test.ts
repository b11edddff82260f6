// A worker thread of this process takes a resume lock, then ends without releasing it: it exited
// or was terminated mid-upload (worker.terminate(), an uncaught error, a pool recycling its
// threads). The lock names this process, with its very start, and was held for as long as the
// process lived: every later upload under that key, in any thread, went on without resume (with
// a warning), and a restarted worker could not resume what the dead one had sent. On Linux a lock
// records the thread that took it too; one whose thread has ended is taken over, one whose thread
// lives stays held.
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-worker-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

it.runIf(process.platform === 'linux')(
  'a lock a worker thread took stays held while it lives, and is taken over once it has ended',
  async () => {
    const dir = join(root, 'worker-exit');
    const key = 'one-upload';
    const worker = new Worker(new URL('./support/upload-lock-held-in-worker.ts', import.meta.url), {
      workerData: { dir, key },
      execArgv: ['--import', 'tsx'],
    });
    const exited = once(worker, 'exit');
    try {
      const [took] = (await once(worker, 'message')) as [boolean];
      expect(took).toBe(true);
      // Its upload is live: the main thread is told the record is held.
      expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
      worker.postMessage('end');
      await exited;
      const release = await fileUploadStore(dir).lock!(key);
      expect(release).toBeTypeOf('function');
      // This thread's now: another store of this process is told it is held.
      expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
      await release!();
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await worker.terminate();
    }
  },
);
