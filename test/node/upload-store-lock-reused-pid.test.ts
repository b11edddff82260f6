// A container restarts its program with the pid (often 1) and host name the killed one had. The
// resume lock the killed process left then names a process that is alive: the restarted program
// itself. Judged by pid and host alone, that lock was never abandoned, so every upload under its
// key went on without resume, for good (a lock file is never pruned). A lock tells this process
// from an earlier one with its pid; this process's own locks stay held.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-pid-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Takes `key`'s lock in `dir` and gives its file, as a killed process would leave it. */
async function leftLock(dir: string, key: string): Promise<string> {
  expect(await fileUploadStore(dir).lock!(key)).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  return join(dir, name!);
}

it.each([
  ['written by an earlier version (no run id)', {}],
  ['written by an earlier run with this pid', { run: 'an-earlier-run' }],
])(
  'a lock left by an earlier process with this very pid and host, %s, is taken over',
  async (_, extra) => {
    const dir = join(root, `earlier-${Object.keys(extra).length}`);
    const key = 'one-upload';
    const path = await leftLock(dir, key);
    // The killed program's lock: same host, same pid (the restarted program got it back).
    const left = {
      pid: process.pid,
      host: hostname(),
      at: Date.now() - 5_000,
      nonce: 'n',
      ...extra,
    };
    await writeFile(path, JSON.stringify(left));

    const release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    // It is this process's lock now: another store in this process is told it is held.
    expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
    await release!();
    expect(await readdir(dir)).toEqual([]);
  },
);

it("this process's own lock, taken by another store, stays held", async () => {
  const dir = join(root, 'own');
  const release = await fileUploadStore(dir).lock!('one-upload');
  expect(release).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  const text = await readFile(join(dir, name!), 'utf8');
  expect(await fileUploadStore(dir).lock!('one-upload')).toBeUndefined();
  // Untouched by the refused taker.
  expect(await readFile(join(dir, name!), 'utf8')).toBe(text);
  await release!();
});
