import { readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileJournal } from '../../src/node.js';
import { spyOnLogFlushes } from './support/log-flushes.js';
import { pausedOnTheLock } from './support/paused-on-the-lock.js';
import { PAYING_RECORD } from './support/paying-record.js';

// A fileJournal given a relative path opens its database, then flushes each claim's write-ahead
// log. Opening can wait (another process creating the file holds its lock): a working directory
// changed meanwhile must not make the flush reach another directory's file of the same name (a
// claim told "on disk" when its own log was never flushed). The pauses are fake timers.
let dir: string;
let here: string;
let elsewhere: string;
let other: DatabaseSync;
let neighbour: DatabaseSync;
const cwd = process.cwd();
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'seatpay-chdir-')));
  here = join(dir, 'here');
  elsewhere = join(dir, 'elsewhere');
  await mkdir(here);
  await mkdir(elsewhere);
  // Another directory's database of the same name, its log on disk (a connection keeps it).
  neighbour = new DatabaseSync(join(elsewhere, 'orders.db'));
  neighbour.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1)');
  // The process creating this directory's file, holding its write lock for a moment.
  other = new DatabaseSync(join(here, 'orders.db'));
  other.exec('BEGIN IMMEDIATE');
  process.chdir(here);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  process.chdir(cwd);
  other.close();
  neighbour.close();
  await rm(dir, { recursive: true, force: true });
});

describe('fileJournal with a relative path, the working directory changed while it opens', () => {
  it("flushes its own database's log, not a file of the same name in the new directory", async () => {
    const flushed: string[] = [];
    spyOnLogFlushes(async (fd, real) => {
      flushed.push(readlinkSync(`/proc/self/fd/${fd}`));
      return real();
    });
    const journal = fileJournal('orders.db');
    const read = journal.get('order-1');
    await Promise.race([read, pausedOnTheLock()]);
    process.chdir(elsewhere); // the application moves on while the journal waits
    other.exec('COMMIT');
    await vi.runAllTimersAsync();
    await read;
    expect(await journal.claim!('order-1', PAYING_RECORD)).toBe(true);
    journal.close();
    expect(flushed).toEqual([join(here, 'orders.db-wal')]);
    expect(other.prepare('SELECT key FROM seatpay_journal').all()).toEqual([{ key: 'order-1' }]);
  });
});
