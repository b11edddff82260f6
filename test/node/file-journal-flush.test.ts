import { readlinkSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JournalError, type PurchaseRecord } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { spyOnLogFlushes } from './support/log-flushes.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// A fileJournal claim must be on disk before it resolves (a claim a power cut loses would let a
// re-run pay again), and that flush must not hold the event loop: it is an fdatasync of the
// journal's write-ahead log on Node's thread pool. A power cut cannot be staged in a test; what a
// test can see is which file is flushed, when, and what a failed flush leaves.

const folder = useJournalFolder('seatpay-flush-');
afterEach(async () => {
  vi.restoreAllMocks();
});

const record = (stage: PurchaseRecord['stage']): PurchaseRecord =>
  ({
    stage,
    charged: 'unknown',
    plan: { id: 1, slug: 'personal' },
    preview: {},
    updatedAt: new Date(0).toISOString(),
  }) as PurchaseRecord;

/** The name of the file behind a descriptor (Linux's /proc; elsewhere its number). */
const fileOf = (fd: number) => {
  try {
    return basename(readlinkSync(`/proc/self/fd/${fd}`));
  } catch {
    return `fd ${fd}`;
  }
};

/** Records every flush of a file (fdatasync), in order with the test's own events. */
function watchFlushes(events: string[], fail?: Error) {
  return spyOnLogFlushes(async (fd, real) => {
    events.push(`flush ${fileOf(fd)}`);
    if (fail) throw fail;
    await real();
    events.push('flushed');
  });
}

describe('fileJournal flushes a claim, on the thread pool, before it resolves', () => {
  it('a claim resolves after its write-ahead log is flushed; an outcome write is not flushed', async () => {
    const events: string[] = [];
    const journal = fileJournal(join(folder.dir, 'orders.db'));
    await journal.get('warm-up');
    watchFlushes(events);

    const claimed = journal.claim!('order-1', record('paying')).then((won) => {
      events.push(`claimed ${won}`);
    });
    events.push('claim asked');
    await claimed;
    await journal.set('order-1', record('done'));
    events.push('set');
    // A claim that did not land wrote nothing: nothing to flush.
    expect(await journal.claim!('order-1', record('paying'))).toBe(false);
    journal.close();

    // Before: SQLite's fsync ran inside the claim's statement (synchronous = FULL), holding the
    // event loop, and no flush of the log was seen at all.
    expect(events).toEqual([
      'claim asked',
      'flush orders.db-wal',
      'flushed',
      'claimed true',
      'set',
    ]);
  });

  it('claims made at once share the flushes: every one resolves after a flush that began after it', async () => {
    const events: string[] = [];
    const journal = fileJournal(join(folder.dir, 'orders.db'));
    await journal.get('warm-up');
    watchFlushes(events);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        journal.claim!(`order-${i}`, record('paying')).then(() => events.push(`claimed ${i}`)),
      ),
    );
    journal.close();
    // Each claim's statement runs before its flush is asked for; a flush that has not begun yet
    // covers it, one that is running does not: so the first claim waits for a flush of its own,
    // the others share the next one (two flushes for six claims instead of six).
    const flushes = events.filter((event) => event.startsWith('flush ')).length;
    expect(flushes).toBeGreaterThanOrEqual(1);
    expect(flushes).toBeLessThan(6);
    expect(events.at(-1)).toMatch(/^claimed/);
    expect(events.filter((event) => event.startsWith('claimed'))).toHaveLength(6);
    for (let i = 0; i < 6; i++) {
      expect(events.indexOf(`claimed ${i}`)).toBeGreaterThan(events.indexOf('flushed'));
    }
  });

  it('group commit: two claims sharing one flush that fails are both taken back, neither request sent', async () => {
    const { client, charges, order } = await inMemorySubscriber('group@example.com');
    const journal = fileJournal(join(folder.dir, 'orders.db'));
    await journal.get('warm-up');

    // The first flush (the first call's claim alone) is held until the test lets it go; claims
    // made meanwhile wait for the next flush, which covers them all; that one fails.
    const disk = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    let entered!: () => void;
    const firstEntered = new Promise<void>((resolve) => (entered = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    let flushes = 0;
    spyOnLogFlushes(async (_fd, real) => {
      flushes++;
      if (flushes > 1) throw disk;
      entered();
      await gate;
      await real();
    });

    const buy = (key: string) =>
      client.consumables.checkout({ ...order, key, journal }).catch((e: unknown) => e);
    const first = buy('topup-1');
    await firstEntered;
    const second = buy('topup-2');
    const third = buy('topup-3');
    // Both claims written (committed, not yet flushed) while the first flush is under way.
    for (let turn = 0; turn < 10_000; turn++) {
      const [a, b] = await Promise.all([journal.get('topup-2'), journal.get('topup-3')]);
      if (a && b) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    letGo();

    expect(await first).toMatchObject({ id: expect.anything() });
    for (const error of [await second, await third]) {
      expect(error).toBeInstanceOf(JournalError);
      expect((error as JournalError).message).toMatch(/flush the claim.*EIO/);
      expect((error as JournalError).mayHaveBeenProcessed).toBe(false);
    }
    // One flush for the first claim, one shared by the other two: neither of them was sent.
    expect(flushes).toBe(2);
    expect(charges()).toBe(1);
    expect(await journal.get('topup-2')).toBeUndefined();
    expect(await journal.get('topup-3')).toBeUndefined();
    journal.close();
  });

  it("a log whose close fails (EIO, as NFS reports a late write error) is no unhandled rejection at the journal's close", async () => {
    const disk = Object.assign(new Error('EIO: i/o error, close'), { code: 'EIO' });
    let asked!: () => void;
    const closing = new Promise<void>((resolve) => (asked = resolve));
    const realOpen = fsPromises.open;
    // The log's handle closes (its descriptor let go), then says EIO.
    vi.spyOn(fsPromises, 'open').mockImplementation(async (...args) => {
      const handle = await realOpen(...args);
      if (String(args[0]).endsWith('-wal')) {
        const realClose = handle.close;
        handle.close = () => {
          const closed = realClose();
          void closed.then(asked);
          return closed.then(() => Promise.reject(disk));
        };
      }
      return handle;
    });
    syncBuiltinESMExports(); // the journal's `import { open }` sees the spy
    const unhandled: unknown[] = [];
    const seen = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', seen);
    try {
      const journal = fileJournal(join(folder.dir, 'orders.db'));
      expect(await journal.claim!('order-1', record('paying'))).toBe(true);
      journal.close();
      await closing;
      // An unhandled rejection is told once the microtasks run out: after a turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      // Before: the close's EIO was an unhandled rejection, which ends a Node process by default.
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', seen);
      vi.restoreAllMocks();
      syncBuiltinESMExports();
    }
  });

  it('a failed flush: the claim is taken back, the call fails before sending, the key is free', async () => {
    const { simulator, client, charges, order } = await inMemorySubscriber('flush@example.com');
    const journal = fileJournal(join(folder.dir, 'orders.db'));
    await journal.get('warm-up');

    const events: string[] = [];
    const disk = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const spy = watchFlushes(events, disk);
    const error = await client.consumables
      .checkout({ ...order, key: 'topup-1', journal })
      .catch((e: unknown) => e);
    // Before: the claim stayed in the journal as sent, outcome unknown, though nothing was sent.
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).message).toMatch(/flush the claim.*EIO/);
    expect((error as JournalError).mayHaveBeenProcessed).toBe(false);
    expect(events).toEqual(['flush orders.db-wal']);
    expect(charges()).toBe(0);
    expect(await journal.get('topup-1')).toBeUndefined();

    spy.mockRestore();
    const receipt = await client.consumables.checkout({ ...order, key: 'topup-1', journal });
    expect(receipt).toMatchObject(latestCheckoutReceipt(simulator));
    expect(charges()).toBe(1);
    expect(await journal.get('topup-1')).toMatchObject({ stage: 'done', charged: 'yes' });
    journal.close();
  });
});
