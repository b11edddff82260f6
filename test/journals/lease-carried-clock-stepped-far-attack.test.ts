import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyInProgressError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A journal's `now()` that gives no time is stood in for by its last good reading, carried forward
// on the monotonic clock or this machine's wall clock, whichever went further (a suspend counts).
// A lease reading more than 2 ** 32 ms ahead of the journal's clock is no live run's: settleable.
// The wall clock stepped forward 60 days (an operator's `date -s`, a VM restored) then made the
// paying run write its lease 60 days ahead: every other reader (the same journal too) took that
// live key for a wrong clock's, and an operator settled it while it was being paid.

const DAY = 86_400_000;
const LEASE = 30_000;

afterEach(() => void vi.useRealTimers());

describe("a paying run's lease carried over a wall clock stepped far forward", () => {
  it('stays in progress: settle refuses, a second checkout waits, the key is paid once', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('far-step@example.com');

    // Only Date is faked: the monotonic clock (performance.now) goes on as when a clock is stepped.
    vi.useFakeTimers({ toFake: ['Date'] });
    const storeTime = Date.now();
    const store = memoryJournal({ lease: LEASE });
    let gives = true;
    const paying = { ...store, now: () => (gives ? storeTime : Number.NaN) };
    const operator = { ...store, now: () => storeTime }; // another machine: its clock is right
    // The paying machine's journal clock read once (an earlier checkout), then it fails.
    await client.consumables.checkout({ ...order, key: 'far-0', journal: paying });
    gives = false;
    vi.setSystemTime(Date.now() + 60 * DAY); // this machine's wall clock stepped 60 days on

    const held = gate.holdNext();
    const farOrder = { ...order, key: 'far-1' };
    const first = client.consumables.checkout({ ...farOrder, journal: paying });
    await held.arrived; // its request is out, its outcome not known yet
    for (const journal of [operator, paying]) {
      const settled = await client.journal
        .settle('far-1', { journal, charged: 'no', reason: 'looks stuck' })
        .catch((e: unknown) => e);
      expect(settled).toBeInstanceOf(KeyInProgressError);
    }
    // A duplicate delivery of the same row meanwhile waits for the first run's outcome.
    const second = client.consumables.checkout({ ...farOrder, journal: operator });
    held.open();
    const paid = await first;
    expect(await second).toEqual(paid);
    expect(charges()).toBe(2); // far-0 and far-1, each once
  });
});
