import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyInProgressError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A journal's `now()` that gives no time is stood in for by its last good reading, carried
// forward on whichever of the monotonic and the wall clock went further (a suspend counts on the
// wall clock only). Right for the leases a run writes (ahead only keeps a dead run's key longer),
// wrong for judging another run's: the wall clock stepped forward an hour (NTP after a long
// drift, an operator's `date -s`) made every live key read as run out, and an operator's settle
// on such a machine freed the key another machine was paying: the next run paid it again. A lease
// is judged on the monotonic clock alone: it never runs ahead of the time that really went by.

const HOUR = 3_600_000;
const LEASE = 30_000;

afterEach(() => void vi.useRealTimers());

describe("a journal's clock that gives no time while the wall clock steps forward", () => {
  it("never reads another run's live key as run out: settle refuses, the key is paid once", async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('clock-step@example.com');
    const held = gate.holdNext();

    // Only Date is faked: the monotonic clock (performance.now) goes on as it does when a wall
    // clock is stepped. The store's own clock (a database's) does not step.
    vi.useFakeTimers({ toFake: ['Date'] });
    const storeTime = Date.now();
    const store = memoryJournal({ lease: LEASE });
    // The paying machine's view of the store, and the operator's, whose clock reading fails later.
    const paying = { ...store, now: () => storeTime };
    let gives = true;
    const operator = { ...store, now: () => (gives ? storeTime : Number.NaN) };
    const stepOrder = { ...order, key: 'step-1' };

    const first = client.consumables.checkout({ ...stepOrder, journal: paying });
    await held.arrived; // its request is out, its outcome not known yet
    const early = await client.journal
      .settle('step-1', { journal: operator, charged: 'no', reason: 'looks stuck' })
      .catch((e: unknown) => e);
    expect(early).toBeInstanceOf(KeyInProgressError); // the operator's clock read once
    gives = false;
    vi.setSystemTime(Date.now() + HOUR); // this machine's wall clock stepped an hour forward
    const stepped = await client.journal
      .settle('step-1', { journal: operator, charged: 'no', reason: 'looks stuck' })
      .catch((e: unknown) => e);
    expect(stepped).toBeInstanceOf(KeyInProgressError);
    // A duplicate delivery of the same row meanwhile waits for the first run's outcome.
    const second = client.consumables.checkout({ ...stepOrder, journal: paying });
    held.open();
    const paid = await first;
    expect(await second).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
