import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// A journal's `now()` is public (a user's journal may give its store's clock). A clock that gives
// a finite number no Date can hold (past ±8.64e15 ms: a bug's µs or ns since 1970, a counter that
// ran away) is not a time: a lease written on it was a RangeError thrown from `toISOString`. At
// the claim, the call failed with an error that is no SeatpayError; in the heartbeat (a clock
// that jumps there mid-run), it was thrown from a timer: an uncaught exception that ends a Node
// process while its payment is in flight.

describe("a journal's clock that gives a number no Date can hold", () => {
  // Before any time (review14b): refused, as a promise or a string is, nothing sent. This machine's
  // clock stood in for it, and leases judged on it read another machine's live claim as run out.
  it('is refused at the claim: a JournalError saying what to return, nothing charged', async () => {
    const {
      client,
      order: subscribed,
      charges,
    } = await inMemorySubscriber('clock-range@example.com');
    const journal = { ...memoryJournal(), now: () => 1e300 };
    const order = { ...subscribed, key: 'range-1', journal };
    const refused = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JournalError);
    expect((refused as JournalError).message).toMatch(/now\(\) .*ms since 1970/);
    expect(charges()).toBe(0);
    expect(await journal.get('range-1')).toBeUndefined();
  });

  it('never throws from the heartbeat when it jumps there mid-run', async () => {
    const {
      simulator,
      client,
      gate,
      order: subscribed,
      charges,
    } = await inMemorySubscriber('clock-range@example.com');
    let time = () => Date.now();
    let readsAfterJump = 0;
    let jumped!: () => void;
    const beats = new Promise<void>((resolve) => (jumped = resolve));
    // A short lease: the heartbeat comes every 30 ms.
    const journal = {
      ...memoryJournal({ lease: 90 }),
      now: () => {
        const now = time();
        if (now > 8.64e15 && ++readsAfterJump === 3) jumped();
        return now;
      },
    };
    const held = gate.holdNext();
    const order = { ...subscribed, key: 'range-2', journal };
    const run = client.consumables.checkout(order);
    await held.arrived;
    time = () => 9e15;
    // Heartbeats read the jumped clock (each a lease written on it, before this fix a throw).
    await beats;
    held.open();
    const paid = await run;
    expect(paid).toMatchObject(latestCheckoutReceipt(simulator));
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(order)).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
