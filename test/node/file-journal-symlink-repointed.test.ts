import { mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { fileJournal, type FileJournal } from '../../src/node.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A fileJournal's claim lands only while its path still names the database it opened (a file
// deleted or replaced while open). A path that is a symlink (orders.db -> data/v1.db, as a deploy
// or a restore lays it out) was watched at its target, resolved once at open: pointed at another
// database, every process opening the path from then on recorded there, while the running journal
// went on claiming in the old one. Both could claim one key and both pay.
let dir: string;
const opened: FileJournal[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-symlink-'));
});
afterEach(async () => {
  for (const journal of opened.splice(0)) journal.close();
  await rm(dir, { recursive: true, force: true });
});

function journalAt(path: string): FileJournal {
  const journal = fileJournal(path);
  opened.push(journal);
  return journal;
}

describe('a fileJournal opened through a symlink that is pointed elsewhere while open', () => {
  it('its claims fail unsent, so a key is bought once by the journal the path names', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'symlink@example.com' });
    const client = inMemoryClient(simulator, user.token);
    const { subscription } = await client.purchase({
      plan: 'team-per-team',
      team_seats: 2,
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      pollInterval: 1,
    });
    const charges = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
    const path = join(dir, 'orders.db');
    // Empty files are empty databases to SQLite (a symlink to nothing is refused).
    await writeFile(join(dir, 'v1.db'), '');
    await writeFile(join(dir, 'v2.db'), '');
    await symlink(join(dir, 'v1.db'), path);

    const first = journalAt(path);
    await first.get('warm-up'); // open, as a long-running worker's journal is
    // Still healthy through the symlink: a claim lands.
    await client.consumables.checkout({ ...order, key: 'topup-0', journal: first });
    expect(charges()).toBe(1);

    // The link is pointed at a new database, atomically (ln -sfn's rename).
    await symlink(join(dir, 'v2.db'), `${path}.next`);
    await rename(`${path}.next`, path);

    // Another worker (here, a new journal) opens the path: it records into v2.db.
    const second = journalAt(path);
    await client.consumables.checkout({ ...order, key: 'topup-1', journal: second });
    expect(charges()).toBe(2);

    // The first worker gets the same key (an at-least-once queue delivers it twice).
    const error = await client.consumables
      .checkout({ ...order, key: 'topup-1', journal: first })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as JournalError).message).toMatch(/no longer the file at/);
    expect((error as JournalError).mayHaveBeenProcessed).toBe(false);
    expect(charges()).toBe(2);
  });
});
