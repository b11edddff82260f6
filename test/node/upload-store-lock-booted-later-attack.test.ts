// Two machines under one host name (cloned VMs left as `localhost`, containers given a fixed
// `hostname`) sharing a store folder on NFS. A lock of another boot was taken for an earlier boot
// of this machine when written before this one began: but the other machine may have taken it
// before this one booted and still be uploading (an hour's upload, this VM started ten minutes
// in). Its living lock was taken over, and two uploads resumed the one record. A holder now
// touches its lock while it holds it (its mtime, every `beat`), and a lock that says so is an
// earlier boot's only once it is no longer touched.
import { once } from 'node:events';
import { watch } from 'node:fs';
import { readdir, readFile, rm, mkdtemp, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fileUploadStore } from '../../src/node.js';
import { lockFile, otherMachineLock } from './support/lock-file.js';

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-beat-'))));
afterAll(() => rm(root, { recursive: true, force: true }));
afterEach(() => void vi.useRealTimers());

const MINUTE_MS = 60_000;

const ago = (ms: number) => new Date(Date.now() - ms);

it.runIf(process.platform === 'linux')(
  "another machine's lock taken before this one booted is held while its holder touches it",
  async () => {
    const dir = join(root, 'booted-later');
    const key = 'one-upload';
    const { path } = await lockFile(dir, key);
    const bootedAt = Date.now() - uptime() * 1000;
    // As the other machine writes it (as this version does): this host name, its own boot, taken
    // before this machine booted, touched every minute.
    const other = {
      ...(await otherMachineLock('0f5e8a44-0000-4000-8000-000000000002')),
      at: bootedAt - 10 * MINUTE_MS,
      beat: MINUTE_MS,
    };
    await writeFile(path, JSON.stringify(other));
    await utimes(path, ago(MINUTE_MS), ago(MINUTE_MS)); // touched a minute ago
    expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ nonce: 'n' });
    // No longer touched for a quarter of an hour: its machine is gone (this one's earlier boot).
    await utimes(path, ago(15 * MINUTE_MS), ago(15 * MINUTE_MS));
    const release = await fileUploadStore(dir).lock!(key);
    expect(release).toBeTypeOf('function');
    await release!();
    // Written by an earlier version, which never touches its locks: an earlier boot's, as before.
    await lockFile(dir, key);
    const { beat: _beat, ...untouched } = other;
    await writeFile(path, JSON.stringify(untouched));
    const again = await fileUploadStore(dir).lock!(key);
    expect(again).toBeTypeOf('function');
    await again!();
    expect(await readdir(dir)).toEqual([]);
  },
);

it('a held lock is touched every beat, and no longer once released', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const dir = join(root, 'touched');
  const { path, release } = await lockFile(dir, 'held');
  expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ beat: MINUTE_MS });
  await utimes(path, ago(30 * MINUTE_MS), ago(30 * MINUTE_MS));
  // The beat's touch is told by the file itself (inotify's 'change'), not polled against a budget.
  const watcher = watch(path);
  const touched = once(watcher, 'change');
  await vi.advanceTimersByTimeAsync(MINUTE_MS);
  await touched;
  watcher.close();
  expect(Date.now() - (await stat(path)).mtimeMs).toBeLessThan(10 * MINUTE_MS);
  await release();
  expect(await readdir(dir)).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
});
