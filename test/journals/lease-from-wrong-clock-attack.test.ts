// A run whose journal clock was far ahead (a machine whose clock read a year on, a store's `now()`
// stepped wrong and set right again) wrote its lease on that clock, then its process died. Judged
// on the right clock, its key was held until that lease ran out, a year on: every run with the key
// waited and failed with KeyInProgressError, and `settle` and `reconcile` were refused all that
// time ("settleable at <a year on>"), the key's outcome unknown with no way to settle it. No lease
// a live run writes reads further ahead than two of the longest leases (a lease is under 2 ** 31
// ms, the clocks' skew under the lease): one further ahead is a wrong clock's, not a live run's.
import { describe, expect, it } from 'vitest';
import {
  KeyInProgressError,
  memoryJournal,
  UnsettledKeyError,
  type PurchaseJournal,
} from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const LEASE_MS = 30_000;
const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** A key whose dead run (another process) left its claim leased to `ahead` ms past the journal's now. */
async function deadRunLeasedAhead(email: string, ahead: number) {
  const subscriber = await inMemorySubscriber(email);
  let now = Date.parse('2026-11-29T12:00:00Z');
  const journal: PurchaseJournal = { ...memoryJournal({ lease: LEASE_MS }), now: () => now };
  const keyed = { ...subscriber.order, key: 'wrong-clock', journal };
  await checkoutAnswerLost(subscriber.simulator, subscriber.client, keyed);
  const left = (await journal.get(keyed.key))!;
  const leaseUntil = new Date(now + ahead).toISOString();
  await journal.set(keyed.key, { ...left, holder: 'a-process-that-died', leaseUntil });
  now += 1; // the clock is right again: the run died, nothing renews its lease
  return { ...subscriber, keyed, journal, leaseUntil };
}

describe('a dead run whose lease was written on a clock a year ahead', () => {
  it('its key is unknown, and settleable: not held for a year', async () => {
    const { client, keyed, journal, charges } = await deadRunLeasedAhead(
      'year-on@example.com',
      YEAR_MS,
    );
    await expect(
      client.withOptions({ timeout: 50 }).consumables.checkout(keyed),
    ).rejects.toBeInstanceOf(UnsettledKeyError);
    await client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 9', journal });
    await expect(client.consumables.checkout(keyed)).rejects.toThrow(/settled as charged/);
    expect(charges()).toBe(1);
  });
});

describe('a live lease within the bound (a clock a day ahead) is still held', () => {
  it('settle is refused with KeyInProgressError naming when it runs out', async () => {
    const { client, keyed, journal, leaseUntil } = await deadRunLeasedAhead(
      'day-on@example.com',
      DAY_MS,
    );
    const refused = client.journal.settle(keyed.key, { charged: 'no', reason: 'x', journal });
    await expect(refused).rejects.toBeInstanceOf(KeyInProgressError);
    await expect(refused).rejects.toThrow(leaseUntil);
  });
});
