// A server closing its fileJournal on shutdown (journal.close()) while a keyed checkout's last
// write waited for another process's lock (a cron's prune, a second server writing): close() let
// claims under way land first (redteam31), not the other writes. The database closed under the
// waiting write, the charge's record never landed: the call paid, and its re-run was an
// UnsettledKeyError "it may have been charged" for an order whose payment the SDK had (review14b).
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { PurchaseJournal } from '../../src/index.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const folder = useJournalFolder('seatpay-closed-write-');

describe('a fileJournal closed while a write waits for another connection’s lock', () => {
  it('lets the write land first: the checkout pays once, its re-run replays', async () => {
    const { client, order, charges } = await inMemorySubscriber('closed-write@example.com');
    const path = `${folder.dir}/orders.db`;
    const file = folder.journalAt(path);
    await file.get('opened');
    const other = new DatabaseSync(path); // another process's connection, as SQLite sees it
    let released!: Promise<void>;
    // The charge's write comes while the other holds the lock; the shutdown closes meanwhile, and
    // the other lets go once the close has been asked for.
    const closing: PurchaseJournal = {
      ...file,
      set: (key, record, options) => {
        other.exec('BEGIN IMMEDIATE');
        const written = file.set(key, record, options);
        file.close();
        released = new Promise((resolve) =>
          setImmediate(() => {
            other.exec('COMMIT');
            resolve();
          }),
        );
        return written;
      },
    };
    try {
      const paid = await client.consumables
        .checkout({ ...order, key: 'locked-1', journal: closing })
        .catch((e: unknown) => e);
      await released;
      expect(paid).not.toBeInstanceOf(Error);
      expect(charges()).toBe(1);
      expect(await file.get('locked-1')).toMatchObject({ stage: 'done', charged: 'yes' });
      const again = await client.consumables.checkout({ ...order, key: 'locked-1', journal: file });
      expect(again).toEqual(paid);
      expect(charges()).toBe(1);
    } finally {
      other.close();
    }
  });
});
