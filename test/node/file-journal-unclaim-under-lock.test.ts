import { DatabaseSync, StatementSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalError } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { spyOnLogFlushes } from './support/log-flushes.js';

// A fileJournal claim whose flush fails is taken back: nothing was sent, so the key must be free
// for a re-run. Another process sharing the file may hold SQLite's write lock at that very moment
// (it records its own keys): taking the claim back must wait for that lock as every other write
// does, not give up at once and leave a key "sent, outcome unknown" that was never sent.
const folder = useJournalFolder('seatpay-unclaim-');
let other: DatabaseSync | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  other?.close();
  other = undefined;
});

/** Runs `onLocked` the first time a statement not run on `own` meets another connection's lock. */
function onceLockMet(own: DatabaseSync, onLocked: () => void): void {
  let met = false;
  const watch = <T extends object>(prototype: T, name: keyof T & string) => {
    const real = prototype[name] as (...args: unknown[]) => unknown;
    vi.spyOn(prototype, name as never).mockImplementation(function (
      this: unknown,
      ...args: unknown[]
    ) {
      try {
        return real.apply(this, args);
      } catch (error) {
        const locked = /^database (table )?is locked/.test(String((error as Error).message));
        if (locked && this !== own && !met) {
          met = true;
          onLocked();
        }
        throw error;
      }
    } as never);
  };
  watch(DatabaseSync.prototype, 'exec');
  for (const name of ['run', 'get', 'all'] as const) watch(StatementSync.prototype, name);
}

describe('a fileJournal claim whose flush fails while another process writes', () => {
  it('is taken back once that lock is let go: the call fails unsent, the key is free, a re-run buys once', async () => {
    const { client, charges, order } = await inMemorySubscriber('unclaim@example.com');
    const path = join(folder.dir, 'orders.db');
    const journal = fileJournal(path);
    await journal.get('warm-up');

    // The flush fails while the other process holds the write lock; it lets go once the journal
    // met that lock (by its statements, not a timer: taking the claim back must meet it).
    const spy = spyOnLogFlushes(async () => {
      const writer = (other = new DatabaseSync(path));
      writer.exec('BEGIN IMMEDIATE');
      onceLockMet(writer, () => queueMicrotask(() => writer.isOpen && writer.exec('COMMIT')));
      throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    });
    const error = await client.consumables
      .checkout({ ...order, key: 'topup-1', journal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).mayHaveBeenProcessed).toBe(false);
    expect(charges()).toBe(0);
    // Before: the take-back met the lock, gave up, and the key stayed "sending", never sent.
    expect(await journal.get('topup-1')).toBeUndefined();

    spy.mockRestore();
    await client.consumables.checkout({ ...order, key: 'topup-1', journal });
    expect(charges()).toBe(1);
    journal.close();
  });
});
