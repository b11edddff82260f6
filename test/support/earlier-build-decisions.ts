// Two journal objects on one store, and a key whose checkout answer was lost, its record as a
// build before leases were kept left it (no holder, no lease): what two decisions at once on it
// are tried on (decisions-two-journal-objects-attack.test.ts, postgres-decisions-two-journals).
import { expect } from 'vitest';
import { SettleRefusedError, type JournalRecord, type PurchaseJournal } from '../../src/index.js';
import { checkoutAnswerLost } from './lost-answer.js';
import { inMemorySubscriber } from './team-owner.js';

/** A subscriber whose keyed checkout through `first` lost its answer, left as an earlier build. */
export async function earlierBuildLostAnswer(
  email: string,
  first: PurchaseJournal,
  second: PurchaseJournal,
) {
  const { simulator, token, client, order, charges } = await inMemorySubscriber(email);
  const keyed = { ...order, key: 'lost-answer', journal: first };
  await checkoutAnswerLost(simulator, client, keyed);
  const { holder: _holder, leaseUntil: _lease, ...earlier } = (await first.get(keyed.key))!;
  await first.set(keyed.key, earlier as JournalRecord);
  await second.get(keyed.key); // both open
  return { simulator, token, client, keyed, charges };
}

/** Settles the key "charged" through `first` and "not charged" through `second` at once. */
export async function expectOneSettleLands(
  { client, keyed, charges }: Awaited<ReturnType<typeof earlierBuildLostAnswer>>,
  first: PurchaseJournal,
  second: PurchaseJournal,
): Promise<void> {
  const decisions = await Promise.allSettled([
    client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 7', journal: first }),
    client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal: second }),
  ]);
  expect(decisions.map(({ status }) => status)).toEqual(['fulfilled', 'rejected']);
  expect((decisions[1] as PromiseRejectedResult).reason).toBeInstanceOf(SettleRefusedError);
  expect((await second.get(keyed.key))?.settled?.charged).toBe('yes');
  // The order delivered again is never paid again.
  await expect(client.consumables.checkout(keyed)).rejects.toThrow(/settled as charged/);
  expect(charges()).toBe(1);
}
