// A journal of your own that gives its shared store's clock as a Date (`now: () => new
// Date(storeMs)`) rather than a number of ms. It was taken for no clock at all: leases were judged
// on this machine's `Date.now()`, so with the store's clock an hour behind this machine's, another
// process's live lease (a minute ahead by the store's clock) read as run out: `client.journal.list`
// said 'expired' and `settle` wrote "not charged" over a key that run was paying (the next run
// paid again; redteam28). A valid Date is the store's time now: the lease is held. So is a Date of
// another realm (a `vm` context, an iframe): no `instanceof Date`, it was still no clock (review13a).
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { deadRunLeasedAhead } from '../support/dead-run-lease.js';

const HOUR_MS = 3600 * 1000;

describe("a journal whose now() gives its store's clock as a Date", () => {
  it.each([
    ['this realm', (ms: number): unknown => new Date(ms)],
    ['another realm', (ms: number): unknown => runInNewContext(`new Date(${ms})`)],
  ])(
    "%s's Date: another process's live lease on that clock is held, settle refused",
    async (realm, date) => {
      // The store's clock, injected: an hour behind this machine's.
      const storeMs = Date.now() - HOUR_MS;
      const journal: PurchaseJournal = {
        ...memoryJournal(),
        now: (() => date(storeMs)) as unknown as () => number,
      };
      const { client, keyed, leaseUntil } = await deadRunLeasedAhead(
        `clock-as-date-${realm.replace(' ', '-')}@example.com`,
        journal,
        () => storeMs,
        60_000,
      );
      const [entry] = await client.journal.list({ journal });
      expect(entry).toMatchObject({ key: keyed.key, leaseUntil, leaseStatus: 'held' });
      const refused = client.journal.settle(keyed.key, { charged: 'no', reason: 'x', journal });
      await expect(refused).rejects.toBeInstanceOf(KeyInProgressError);
      expect((await journal.get(keyed.key))?.settled).toBeUndefined();
    },
  );
});
