// A keyed checkout whose answer was lost leaves its record unknown and without a lease, so settle
// and reconcile write over it by reading it again just before the write. Two decisions of one
// process at once (two operators at an admin page, reconcile and a settle) both read it unknown,
// then both wrote: "not charged" landed over "charged", each caller was told it had decided, and
// the next run paid again. One after the other now: the second reads the first's decision.
import { describe, expect, it } from 'vitest';
import { memoryJournal, SettleRefusedError, type JournalRecord } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { inMemorySubscriber } from '../support/team-owner.js';

async function lostAnswer(email: string) {
  const { simulator, client, order, charges } = await inMemorySubscriber(email);
  const journal = memoryJournal();
  const keyed = { ...order, key: 'lost-answer', journal };
  await checkoutAnswerLost(simulator, client, keyed);
  return { client, journal, keyed, charges };
}

describe('two decisions on one unknown key in one process at once', () => {
  it('settle "charged" and settle "not charged": the first lands, the second is refused', async () => {
    const { client, journal, keyed, charges } = await lostAnswer('two-settles@example.com');
    const [charged, notCharged] = await Promise.allSettled([
      client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 7', journal }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal }),
    ]);
    expect(charged.status).toBe('fulfilled');
    expect(notCharged.status).toBe('rejected');
    expect((notCharged as PromiseRejectedResult).reason).toBeInstanceOf(SettleRefusedError);
    expect((await journal.get(keyed.key))?.settled?.charged).toBe('yes');
    // The order delivered again is never paid again.
    // The operator's decision, named: what a script tells apart from a failure to retry.
    await expect(client.consumables.checkout(keyed)).rejects.toMatchObject({
      name: 'SettledKeyError',
      key: keyed.key,
      mayHaveBeenProcessed: true,
      settlement: { reason: 'invoice 7' },
      message: expect.stringMatching(/settled as charged/),
    });
    expect(charges()).toBe(1);
  });

  it("reconcile's finding of the charge, then a settle 'not charged': refused", async () => {
    const { client, journal, keyed, charges } = await lostAnswer('reconcile-settle@example.com');
    const [found, notCharged] = await Promise.allSettled([
      client.journal.reconcile(keyed.key, { journal }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal }),
    ]);
    expect(found).toMatchObject({ status: 'fulfilled', value: { charged: 'yes' } });
    expect(notCharged.status).toBe('rejected');
    const record = (await journal.get(keyed.key)) as JournalRecord;
    expect(record).toMatchObject({ stage: 'done', charged: 'yes' });
    await client.consumables.checkout(keyed); // replayed
    expect(charges()).toBe(1);
  });
});
