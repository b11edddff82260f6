import { rename, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { expectRefusedElsewhere } from './support/refused-elsewhere.js';

// A fileJournal's claim lands only while its path still names the database it opened (a file
// deleted or replaced while open). A path that is a symlink (orders.db -> data/v1.db, as a deploy
// or a restore lays it out) was watched at its target, resolved once at open: pointed at another
// database, every process opening the path from then on recorded there, while the running journal
// went on claiming in the old one. Both could claim one key and both pay.
const folder = useJournalFolder('seatpay-symlink-');

describe('a fileJournal opened through a symlink that is pointed elsewhere while open', () => {
  it('its claims fail unsent, so a key is bought once by the journal the path names', async () => {
    const { client, charges, order } = await inMemorySubscriber('symlink@example.com');
    const dir = folder.dir;
    const path = join(dir, 'orders.db');
    // Empty files are empty databases to SQLite (a symlink to nothing is refused).
    await writeFile(join(dir, 'v1.db'), '');
    await writeFile(join(dir, 'v2.db'), '');
    await symlink(join(dir, 'v1.db'), path);

    const first = folder.journalAt(path);
    await first.get('warm-up'); // open, as a long-running worker's journal is
    // Still healthy through the symlink: a claim lands.
    await client.consumables.checkout({ ...order, key: 'topup-0', journal: first });
    expect(charges()).toBe(1);

    // The link is pointed at a new database, atomically (ln -sfn's rename).
    await symlink(join(dir, 'v2.db'), `${path}.next`);
    await rename(`${path}.next`, path);

    // Another worker (here, a new journal) opens the path: it records into v2.db.
    const second = folder.journalAt(path);
    await client.consumables.checkout({ ...order, key: 'topup-1', journal: second });
    expect(charges()).toBe(2);

    // The first worker gets the same key (an at-least-once queue delivers it twice).
    await expectRefusedElsewhere(
      client.consumables.checkout({ ...order, key: 'topup-1', journal: first }),
    );
    expect(charges()).toBe(2);
  });
});
