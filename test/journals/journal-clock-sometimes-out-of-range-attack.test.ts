import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A journal's `now()` is public: a user's journal may give its store's clock, far from this
// machine's (an hour here), and that clock may now and then give no time (a read that fails, a
// NaN, a value past what a Date holds). Such a reading was replaced by `Date.now()`: one lease
// written or judged on the machine's clock instead of the journal's. An hour apart, a live run's
// key then read as run out: an operator's settle was let through while the key was being paid
// (and the next run paid it again). The journal's last good reading, carried forward, stands in
// for it now.

const HOUR = 3_600_000;

/** A journal on a store whose clock is `offset` from this machine's, and now and then gives none. */
function storeJournal(offset: number, gives: () => boolean) {
  return { ...memoryJournal(), now: () => (gives() ? Date.now() + offset : Number.NaN) };
}

describe("a journal's clock that sometimes gives no time", () => {
  it('never lets a live key be settled: the key is paid once', async () => {
    const {
      client,
      gate,
      order: subscribed,
      charges,
    } = await inMemorySubscriber('clock-sometimes@example.com');
    const held = gate.holdNext();
    let gives = true;
    // The store's clock is an hour behind this machine's.
    const journal = storeJournal(-HOUR, () => gives);
    const order = { ...subscribed, key: 'sometimes-1', journal };
    const run = client.consumables.checkout(order);
    await held.arrived; // its request is out, its outcome not known yet
    gives = false;
    const settled = await client.journal
      .settle('sometimes-1', { journal, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);
    gives = true;
    held.open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(order)).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
