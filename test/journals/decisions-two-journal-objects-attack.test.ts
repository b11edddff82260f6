// Decisions on one key ran one after the other only per journal object. An admin page that opens
// its journal per request (`fileJournal(path)` in the handler) had two objects on one file: two
// decisions at once on a record that names no claim (written by 0.1.0 or an earlier build) both
// read it unknown, both wrote, "not charged" landed over "charged", each operator was told it
// decided, and the next run paid again. The journals seatpay ships name their store: decisions on
// a key of one file (one PostgreSQL table) take turns in the process, whichever object.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettleRefusedError, type JournalRecord, type PurchaseJournal } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { useJournalFolder } from '../support/file-journal-folder.js';

const folder = useJournalFolder('seatpay-two-journal-objects-');

/** The record as a build before leases were kept left it: no holder, no lease. */
async function asEarlierBuild(journal: PurchaseJournal, key: string): Promise<void> {
  const { holder: _holder, leaseUntil: _lease, ...earlier } = (await journal.get(key))!;
  await journal.set(key, earlier as JournalRecord);
}

describe('two fileJournal objects on one file, two decisions on one key at once', () => {
  it('settle "charged" and settle "not charged": one lands, the other is refused', async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber('two-files@example.com');
    const path = join(folder.dir, 'orders.db');
    const [first, second] = [folder.journalAt(path), folder.journalAt(path)];
    const keyed = { ...order, key: 'lost-answer', journal: first };
    await checkoutAnswerLost(simulator, client, keyed);
    await asEarlierBuild(first, keyed.key);
    await second.get(keyed.key); // both open
    const decisions = await Promise.allSettled([
      client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 7', journal: first }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal: second }),
    ]);
    expect(decisions.map(({ status }) => status)).toEqual(['fulfilled', 'rejected']);
    expect((decisions[1] as PromiseRejectedResult).reason).toBeInstanceOf(SettleRefusedError);
    expect((await second.get(keyed.key))?.settled?.charged).toBe('yes');
    await expect(client.consumables.checkout(keyed)).rejects.toThrow(/settled as charged/);
    expect(charges()).toBe(1);
  });

  it("reconcile's finding of the charge, then settle 'not charged': refused", async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber('file-rec@example.com');
    const path = join(folder.dir, 'orders.db');
    const [first, second] = [folder.journalAt(path), folder.journalAt(path)];
    const keyed = { ...order, key: 'lost-answer', journal: first };
    await checkoutAnswerLost(simulator, client, keyed);
    await asEarlierBuild(first, keyed.key);
    await second.get(keyed.key);
    const [found, notCharged] = await Promise.allSettled([
      client.journal.reconcile(keyed.key, { journal: first }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'none', journal: second }),
    ]);
    expect(found).toMatchObject({ status: 'fulfilled', value: { charged: 'yes' } });
    expect(notCharged.status).toBe('rejected');
    expect(await second.get(keyed.key)).toMatchObject({ stage: 'done', charged: 'yes' });
    await client.consumables.checkout({ ...keyed, journal: second }); // replayed
    expect(charges()).toBe(1);
  });
});
