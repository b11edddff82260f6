import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JournalError } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { pausedOnTheLock } from './support/paused-on-the-lock.js';
import { PAYING_RECORD } from './support/paying-record.js';

// A fileJournal opened while another process creates the same new file (the purchase twins of
// purchase-crash.full.test.ts): that process holds the new database's write lock for a moment,
// and SQLite refuses the switch to WAL at once then ("database is locked", busy_timeout or not).
// `other` stands for that process: a connection to the new database holding its write lock. The
// journal's pauses between tries are fake timers, so nothing here waits on the wall clock.
let dir: string;
let other: DatabaseSync;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-locks-'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  other = new DatabaseSync(join(dir, 'purchases.db'));
  other.exec('BEGIN IMMEDIATE');
});
afterEach(async () => {
  vi.useRealTimers();
  other.close();
  await rm(dir, { recursive: true, force: true });
});

describe('fileJournal opening a new file that another process is creating', () => {
  it('waits for that process, then opens it as WAL and records as usual', async () => {
    const journal = fileJournal(join(dir, 'purchases.db'));
    const read = journal.get('order-1');
    // Before the fix the read failed here with 'Could not open the journal ...'.
    await Promise.race([read, pausedOnTheLock()]);
    other.exec('COMMIT');
    await vi.runAllTimersAsync();
    expect(await read).toBeUndefined();
    expect(await journal.claim!('order-1', PAYING_RECORD)).toBe(true);
    journal.close();
    // What the other process sees: a WAL database holding the claim.
    expect(other.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(other.prepare('SELECT key FROM seatpay_journal').all()).toEqual([{ key: 'order-1' }]);
  });

  it('a lock never let go: after 15 s a JournalError that names the file and says what to do', async () => {
    const path = join(dir, 'purchases.db');
    const failed = fileJournal(path).claim!('order-1', PAYING_RECORD).then(
      () => undefined,
      (error: unknown) => error,
    );
    await Promise.race([failed, pausedOnTheLock()]);
    const started = performance.now();
    await vi.runAllTimersAsync();
    const error = await failed;
    expect(error).toBeInstanceOf(JournalError);
    expect(error).toMatchObject({ path });
    expect((error as Error).message).toBe(
      `The journal ${path} stayed locked by another process for 15 s while opening it: let that process finish (or end it), then try again`,
    );
    // 15 s of the fake clock, the pauses between tries grown to a quarter of a second at most.
    expect(performance.now() - started).toBeGreaterThanOrEqual(15_000);
    expect(performance.now() - started).toBeLessThan(15_500);
  });
});
