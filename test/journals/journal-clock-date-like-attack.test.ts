// A journal of your own whose now() gives its store's clock as a Date from another realm (a `vm`
// context, a worker's structured clone kept as is, an iframe), or an object that only claims to
// be a Date (`Object.create(Date.prototype)`). The first was taken for no clock (`instanceof
// Date` is false across realms): another process's live lease on the store's clock, an hour
// behind this machine's, read as run out and `settle` wrote over a key that run was paying. The
// second threw a raw TypeError out of the clock (its `getTime` outside the guard), from a keyed
// checkout and from `client.journal.list` (review13a). A Date is read by its time value, whatever
// its realm; anything else is no reading, as docs/journals.md says.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { deadRunLeasedAhead } from '../support/dead-run-lease.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const HOUR_MS = 3600 * 1000;

/** A memory journal whose clock is `now`. */
const clocked = (now: () => unknown): PurchaseJournal => ({
  ...memoryJournal(),
  now: now as () => number,
});

describe('a journal whose now() gives a Date of another realm, or an object that only claims to be one', () => {
  it("another realm's Date: another process's live lease on that clock is held, settle refused", async () => {
    const storeMs = Date.now() - HOUR_MS;
    const journal = clocked(() => runInNewContext(`new Date(${storeMs})`));
    const { client, keyed, leaseUntil } = await deadRunLeasedAhead(
      'clock-other-realm@example.com',
      journal,
      () => storeMs,
      60_000,
    );
    const [entry] = await client.journal.list({ journal });
    expect(entry).toMatchObject({ key: keyed.key, leaseUntil, leaseStatus: 'held' });
    const refused = client.journal.settle(keyed.key, { charged: 'no', reason: 'x', journal });
    await expect(refused).rejects.toBeInstanceOf(KeyInProgressError);
    expect((await journal.get(keyed.key))?.settled).toBeUndefined();
  });

  it('an object on Date.prototype that is no Date: no reading, the checkout is paid and recorded', async () => {
    const { client, order } = await inMemorySubscriber('clock-fake-date@example.com');
    const journal = clocked(() => Object.create(Date.prototype) as unknown);
    const paid = await client.consumables.checkout({ ...order, key: 'fake-date', journal });
    expect(paid).toBeDefined();
    expect(await journal.get('fake-date')).toMatchObject({ stage: 'done' });
    const [entry] = await client.journal.list({ journal });
    expect(entry).toMatchObject({ key: 'fake-date' });
  });
});
