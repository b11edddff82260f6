// A run whose journal clock was far ahead (a machine whose clock read a year on, a store's `now()`
// stepped wrong and set right again) wrote its lease on that clock, then its process died. Judged
// on the right clock, its key was held until that lease ran out, a year on: every run with the key
// waited and failed with KeyInProgressError, and `settle` and `reconcile` were refused all that
// time ("settleable at <a year on>"), the key's outcome unknown with no way to settle it. No lease
// a live run writes reads further ahead than two of the longest leases (a lease is under 2 ** 31
// ms, the clocks' skew under the lease): one further ahead is a wrong clock's, not a live run's.
// The same on PostgreSQL: lease-from-wrong-clock-postgres-attack.full.test.ts.
import { describe, expect, it } from 'vitest';
import {
  KeyInProgressError,
  memoryJournal,
  UnsettledKeyError,
  type PurchaseJournal,
} from '../../src/index.js';
import { deadRunLeasedAhead } from '../support/dead-run-lease.js';

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** A memoryJournal on a clock of the test's. */
function journalOnClock() {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const journal: PurchaseJournal = { ...memoryJournal(), now: () => now };
  return { journal, now: () => now };
}

describe('a dead run whose lease was written on a clock a year ahead', () => {
  it('its key is unknown, and settleable: not held for a year', async () => {
    const { journal, now } = journalOnClock();
    const { client, keyed, charges } = await deadRunLeasedAhead(
      'year-on@example.com',
      journal,
      now,
      YEAR_MS,
    );
    await expect(
      client.withOptions({ timeout: 50 }).consumables.checkout(keyed),
    ).rejects.toBeInstanceOf(UnsettledKeyError);
    await client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 9', journal });
    // The operator's decision, named: what a script tells apart from a failure to retry.
    await expect(client.consumables.checkout(keyed)).rejects.toMatchObject({
      name: 'SettledKeyError',
      key: keyed.key,
      mayHaveBeenProcessed: true,
      settlement: { reason: 'invoice 9' },
      message: expect.stringMatching(/settled as charged/),
    });
    expect(charges()).toBe(1);
  });
});

describe('a live lease within the bound (a clock a day ahead) is still held', () => {
  it('settle is refused with KeyInProgressError naming when it runs out', async () => {
    const { journal, now } = journalOnClock();
    const { client, keyed, leaseUntil } = await deadRunLeasedAhead(
      'day-on@example.com',
      journal,
      now,
      DAY_MS,
    );
    const refused = client.journal.settle(keyed.key, { charged: 'no', reason: 'x', journal });
    await expect(refused).rejects.toBeInstanceOf(KeyInProgressError);
    await expect(refused).rejects.toThrow(leaseUntil);
  });
});
