// On a file system without hard links (FAT, some network shares) a resume lock is created
// exclusively, then written: between the two it is an empty file. A second process that read it
// then took it as abandoned (it names no owner), removed it and made its own, while the first went
// on to write its text into the file it had opened, no longer at the lock's path, and believed it
// held the lock too: one upload resumed twice at once. The interleaving is driven, not timed: the
// first process's write waits, after its exclusive create, until the second has finished.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fileUploadStore } from '../../src/node.js';

/** The store whose lock write pauses between its exclusive create and its text. */
const slow = new AsyncLocalStorage<true>();
/** Told once the slow store's lock exists, empty; its text is written when `write` is called. */
let created: ((write: () => void) => void) | undefined;

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const noLinks = () =>
    Promise.reject(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
  // What writeFile with 'wx' does: an exclusive open, then the write into the file opened.
  const writeFile = async (...args: Parameters<typeof real.writeFile>) => {
    const [path, text, options] = args;
    const exclusive = (options as { flag?: string } | undefined)?.flag === 'wx';
    if (!slow.getStore() || !exclusive || !String(path).endsWith('.lock')) {
      return real.writeFile(...args);
    }
    const handle = await real.open(path as string, 'wx');
    try {
      await new Promise<void>((resolve) => created?.(resolve));
      await handle.writeFile(text as string);
    } finally {
      await handle.close();
    }
  };
  const mocked = { ...real, link: noLinks, writeFile };
  return { ...mocked, default: mocked };
});

/**
 * The first process's lock of `key` in `dir`, once it is created and still empty: `first` is its
 * lock call, whose text is written when `writeFirst` is called.
 */
async function firstLockCreated(dir: string, key: string) {
  let writeFirst!: () => void;
  const firstCreated = new Promise<void>((resolve) => {
    created = (write) => {
      writeFirst = write;
      resolve();
    };
  });
  const first = slow.run(true, () => fileUploadStore(dir).lock!(key));
  await firstCreated;
  return { first, writeFirst };
}

let root: string;
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'seatpay-lock-half-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

it('a lock caught between its create and its write is not taken over: one holder', async () => {
  const dir = join(root, 'racing');
  const key = 'one-upload';
  const { first, writeFirst } = await firstLockCreated(dir, key);
  // The second process comes while the first's lock is still empty.
  const second = await fileUploadStore(dir).lock!(key);
  writeFirst();
  const holders = [await first, second].filter((release) => release !== undefined);
  expect(holders).toHaveLength(1);
  await holders[0]!();
  expect(await readdir(dir)).toEqual([]);
});

it('a lock left empty past a minute (its writer stopped there) is taken over, and that writer, woken, does not hold it', async () => {
  const dir = join(root, 'left-empty');
  const key = 'one-upload';
  const { first, writeFirst } = await firstLockCreated(dir, key);
  // Young and empty, it is being written: held.
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
  // Its mtime two minutes back (the file system's clock, not a wait): abandoned now.
  const past = new Date(Date.now() - 120_000);
  await utimes(join(dir, name!), past, past);
  const second = await fileUploadStore(dir).lock!(key);
  expect(second).toBeTypeOf('function');
  // The stopped writer wakes and writes its text into the file it opened, gone from the path.
  writeFirst();
  expect(await first).toBeUndefined();
  await second!();
  expect(await readdir(dir)).toEqual([]);
});

// A crash between the create and the write left the lock empty; then the clock stepped back a day
// (an NTP correction, a VM restored): its mtime is a day ahead. Judged by "now minus mtime over a
// minute", it stayed held until the clock caught up, and every upload of its key went on without
// resume for that day.
it('a lock left empty whose mtime is ahead of the clock (the clock stepped back) is taken over', async () => {
  const dir = join(root, 'ahead');
  const key = 'one-upload';
  expect(await fileUploadStore(dir).lock!(key)).toBeTypeOf('function');
  const [name] = (await readdir(dir)).filter((file) => file.endsWith('.lock'));
  const path = join(dir, name!);
  await writeFile(path, '');
  // A minute and less ahead is a lock being written under a clock a little off: held.
  const soon = new Date(Date.now() + 30_000);
  await utimes(path, soon, soon);
  expect(await fileUploadStore(dir).lock!(key)).toBeUndefined();
  const ahead = new Date(Date.now() + 24 * 3_600_000);
  await utimes(path, ahead, ahead);
  const release = await fileUploadStore(dir).lock!(key);
  expect(release).toBeTypeOf('function');
  await release!();
  expect(await readdir(dir)).toEqual([]);
});
