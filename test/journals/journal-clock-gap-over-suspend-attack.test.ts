import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyInProgressError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A journal's `now()` that gives no time for a while is stood in for by its last good reading,
// carried forward on the monotonic clock. That clock does not count a suspend (Linux's
// CLOCK_MONOTONIC, a VM paused): a machine that slept while the journal's clock gave nothing wrote
// its next heartbeat's lease on a reading a sleep's length behind the journal's, so the key of a
// run still paying read as run out once the clock gave a time again, and an operator's settle was
// let through (the next run then paid it again). The sleep is counted too now: the carried reading
// follows whichever of the monotonic and the wall clock went further.

const HOUR = 3_600_000;
const LEASE = 30_000;

afterEach(() => void vi.useRealTimers());

describe("a journal's clock that gives no time while the machine sleeps", () => {
  it('never lets a live key be settled once it gives a time again: the key is paid once', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('clock-gap@example.com');
    const held = gate.holdNext();
    // Timers and Date are faked, the monotonic clock (performance.now) is not: a sleep moves the
    // wall clock and leaves the monotonic one where it was, as a suspend does.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    let gives = true;
    // The store's clock is an hour ahead of this machine's.
    const journal = {
      ...memoryJournal({ lease: LEASE }),
      now: () => (gives ? Date.now() + HOUR : Number.NaN),
    };
    const gapOrder = { ...order, key: 'gap-1', journal };
    const run = client.consumables.checkout(gapOrder);
    await held.arrived; // its request is out, its outcome not known yet
    gives = false;
    vi.setSystemTime(Date.now() + 10 * 60_000); // ten minutes asleep
    await vi.advanceTimersByTimeAsync(LEASE / 3 + 1); // awake: the heartbeat renews the lease
    gives = true;
    const settled = await client.journal
      .settle('gap-1', { journal, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);
    held.open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(gapOrder)).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
