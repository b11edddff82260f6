import { readFileSync, statSync } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { PAYING_RECORD } from './support/paying-record.js';

// A second fileJournal on a file this process already has open. POSIX drops every lock a process
// holds on a file when any descriptor of it is closed, so reading the open database outside
// SQLite (to see whether it is a 0.1.0 JSON file) dropped the first connection's shared lock: the
// lock that tells other processes a connection is live ("How To Corrupt An SQLite Database File",
// 2.2). Linux shows a process's POSIX locks in /proc/locks: the test counts this process's locks
// on the database file.
const folder = useJournalFolder('seatpay-second-open-');

/** This process's POSIX locks on the file at `path`, from /proc/locks. */
function locksHeldOn(path: string): number {
  const inode = statSync(path).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      return Number(fields[4]) === process.pid && fields[5]?.endsWith(`:${inode}`);
    }).length;
}

describe.runIf(process.platform === 'linux')('a second fileJournal on a file open here', () => {
  it('leaves the first connection its lock, and both see the same records', async () => {
    const path = join(folder.dir, 'purchases.db');
    const first = folder.journalAt(path);
    expect(await first.claim!('order-1', PAYING_RECORD)).toBe(true);
    const held = locksHeldOn(path);
    expect(held).toBeGreaterThan(0);

    const second = folder.journalAt(path);
    expect(await second.get('order-1')).toMatchObject({ stage: 'paying' });
    expect(locksHeldOn(path)).toBeGreaterThanOrEqual(held);
    expect(await second.claim!('order-1', PAYING_RECORD)).toBe(false);
  });

  it('keeps it when the two open at the same moment, and through another path to the file', async () => {
    const path = join(folder.dir, 'purchases.db');
    await symlink(folder.dir, join(folder.dir, 'via'));
    const first = folder.journalAt(path);
    const second = folder.journalAt(join(folder.dir, 'via', 'purchases.db'));
    const third = folder.journalAt(join(folder.dir, '.', 'purchases.db'));
    await Promise.all([first.get('x'), second.get('x'), third.get('x')]);
    expect(locksHeldOn(path)).toBeGreaterThan(0);
    // The same file through the symlinked folder, once the others are open: not read again.
    await folder.journalAt(join(folder.dir, 'via', 'purchases.db')).get('x');
    expect(locksHeldOn(path)).toBeGreaterThan(0);
    // Once the others are closed, the last one still holds its lock and works.
    first.close();
    second.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await third.claim!('order-2', PAYING_RECORD)).toBe(true);
    expect(locksHeldOn(path)).toBeGreaterThan(0);
  });

  it('reads the file again once every journal on it is closed (a 0.1.0 file put there)', async () => {
    const path = join(folder.dir, 'purchases.json');
    const first = folder.journalAt(path);
    await first.get('x');
    first.close();
    await new Promise((resolve) => setImmediate(resolve));
    await rm(path);
    await rm(`${path}-wal`, { force: true });
    await rm(`${path}-shm`, { force: true });
    const legacy = { 'order-9': { ...PAYING_RECORD, stage: 'done', charged: 'yes' } };
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path, JSON.stringify(legacy));
    const second = folder.journalAt(path);
    expect(await second.get('order-9')).toMatchObject({ stage: 'done' });
  });
});
