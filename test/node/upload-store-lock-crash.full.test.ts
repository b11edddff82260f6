// A process killed while it takes over an abandoned resume lock (its claim on the lock's removal
// made, the lock not yet removed) must not keep the upload locked for good: its claim is abandoned
// as its lock would be, and the next process takes both over. The kill happens in the order of
// events: the child says it is removing the lock, and only then is it killed.
import { fork } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

let dir: string;
beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'seatpay-lock-crash-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A lock of another machine, older than any record lives: abandoned. */
const ABANDONED = JSON.stringify({ pid: 1, host: 'a-machine-long-gone.invalid', at: 0 });

it('a process killed while taking over an abandoned lock: the next one gets the lock', async () => {
  const key = 'one-upload';
  // The lock's file, found as a user would: take the lock, then leave it behind as a crash would.
  const store = fileUploadStore(dir);
  expect(await store.lock!(key)).toBeTypeOf('function');
  const [lockName] = (await readdir(dir)).filter((name) => name.endsWith('.lock'));
  await writeFile(join(dir, lockName!), ABANDONED);

  const child = fork(
    new URL('./support/lock-claim-child.ts', import.meta.url).pathname,
    [dir, key],
    {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.on('message', () => resolve());
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before its takeover`)));
  });
  child.kill('SIGKILL');
  await exited;
  // Its claim is left behind, and so is the abandoned lock.
  expect((await readdir(dir)).filter((name) => !name.endsWith('.tmp'))).toHaveLength(2);

  const release = await fileUploadStore(dir).lock!(key);
  expect(release).toBeTypeOf('function');
  // Held now: another taker is told so.
  expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
  await release!();
  expect(await readdir(dir)).toEqual([]);
}, 60_000);
