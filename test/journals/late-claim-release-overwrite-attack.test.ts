import { describe, expect, it } from 'vitest';
import { AbortError, memoryJournal } from '../../src/index.js';
import { slowClaimJournal } from '../support/slow-claim-journal.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A claim that lands in the shared journal but whose answer comes back late (a frozen database,
// a process stopped right after sending it, a slow network): the call gave up on it (its signal),
// sent nothing, and leaves the key to be released when the answer comes. Meanwhile the key reads
// as a claim of a run that is gone: an operator settles it as not charged (true), and another
// machine runs the key again and pays it. When the late answer finally arrives, the release must
// not write "refused" over that machine's paid record: the key would read free, and the next
// delivery of the order would pay a second time.
// The two machines are two journal objects on one store (one memoryJournal): each its own
// connection, as two processes sharing a database have.

describe('a claim whose answer comes back after its call gave up', () => {
  it('is released only while the key still holds it, never over a record written since', async () => {
    // One owner on its simulator: every consumable checkout charged is this owner's.
    const {
      client,
      order: subscribed,
      charges: checkouts,
    } = await inMemorySubscriber('late-claim@example.com');

    const store = memoryJournal();
    // This machine's connection: its claim lands at once, its answer waits.
    const slow = slowClaimJournal(store);
    const order = { ...subscribed, how_many: 3, key: 'k-1' };

    const controller = new AbortController();
    const gaveUp = client.consumables
      .checkout({ ...order, journal: slow.journal }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await slow.landed; // the claim is in the store, its answer held: not a poll with a budget
    expect(await store.get('k-1')).toMatchObject({ stage: 'sending', charged: 'unknown' });
    controller.abort();
    expect(await gaveUp).toBeInstanceOf(AbortError);
    expect(checkouts()).toBe(0);

    // Elsewhere: the claim left behind is settled as never sent, the key run again and paid.
    await client.journal.settle('k-1', {
      journal: store,
      charged: 'no',
      reason: 'its call gave up before sending',
    });
    const paid = await client.consumables.checkout({ ...order, journal: store });
    expect(checkouts()).toBe(1);
    const paidRecord = await store.get('k-1');
    expect(paidRecord).toMatchObject({ stage: 'done' });

    // The late answer arrives; the next delivery of the order comes to this machine, whose read
    // waits for that release: it replays the paid answer, never pays twice.
    slow.answer();
    const again = await client.consumables.checkout({ ...order, journal: slow.journal });
    expect(again).toEqual(paid);
    expect(checkouts()).toBe(1);
    expect(await store.get('k-1')).toEqual(paidRecord);
  });
});
