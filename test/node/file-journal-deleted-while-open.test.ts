import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { expectRefusedElsewhere } from './support/refused-elsewhere.js';

// A fileJournal keeps its database open. If that file is deleted or renamed away while it is open
// (an operator "starting afresh", a deploy that replaces the folder), the open connection goes on
// writing into a file no one else can find, while every other process (or a new journal) records
// into a new file at the path: both could claim one key and both pay. A claim must land in the
// file the path names: one made elsewhere fails, before anything is sent.
const folder = useJournalFolder('seatpay-deleted-');

describe('a fileJournal whose file goes away while it is open', () => {
  // The database with its -wal and -shm files, as `rm orders.db*` or a moved folder leaves it.
  const files = (path: string) => ['', '-wal', '-shm'].map((suffix) => path + suffix);
  for (const [how, away] of [
    [
      'deleted',
      (path: string) => Promise.all(files(path).map((file) => rm(file, { force: true }))),
    ],
    [
      'renamed away',
      (path: string) => Promise.all(files(path).map((file) => rename(file, `${file}.old`))),
    ],
  ] as const) {
    it(`${how}: its claims fail unsent, so a key is bought once by the journal at the path`, async () => {
      const { client, charges, order } = await inMemorySubscriber('deleted@example.com');
      const path = join(folder.dir, 'orders.db');
      const first = folder.journalAt(path);
      await first.get('warm-up'); // open, as a long-running worker's journal is
      await away(path);

      // Another worker (here, a new journal) records into the new file at the path.
      const second = folder.journalAt(path);
      await client.consumables.checkout({ ...order, key: 'topup-1', journal: second });
      expect(charges()).toBe(1);

      // The first worker gets the same key (an at-least-once queue delivers it twice).
      await expectRefusedElsewhere(
        client.consumables.checkout({ ...order, key: 'topup-1', journal: first }),
      );
      expect(charges()).toBe(1);
    });
  }
});
