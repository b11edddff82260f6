// The keyed runs of one journal share one heartbeat timer (issue 37: a timer per call cost every
// call, though most end before their first renewal). What a run's lease promised still holds, run
// by run: a live run's lease is renewed before it runs out (more than two thirds of it left at
// every beat, as with a timer of its own), whenever it began between two beats; a run that ended is never
// renewed again (its outcome stays the key's last record) while another run's renewals go on; and
// once no run is live the timer stops. The journal's clock is the test's, the timer a fake one.
import { describe, expect, it, vi } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { heartbeatClock, LEASE_MS, useFakeIntervals } from '../support/heartbeat-steps.js';

useFakeIntervals();

describe('keyed runs of one journal, side by side', () => {
  it('each keep their lease renewed until their outcome, and no longer', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('shared-beat@example.com');
    const clock = heartbeatClock();
    const journal = { ...memoryJournal({ lease: LEASE_MS }), now: clock.now };
    const record = (key: string) => clock.record(journal, key);
    const left = (key: string) => clock.left(journal, key);
    const { step } = clock;

    const first = gate.holdNext();
    const paying = client.consumables.checkout({ ...order, key: 'first', journal });
    await first.arrived;
    await step(); // the second run begins between two beats of the first's
    const second = gate.holdNext();
    const waiting = client.consumables.checkout({ ...order, key: 'second', journal });
    await second.arrived;
    for (let beat = 0; beat < 8; beat++) {
      await step();
      expect(await left('first')).toBeGreaterThan((LEASE_MS * 2) / 3);
      expect(await left('second')).toBeGreaterThan((LEASE_MS * 2) / 3);
    }

    first.open();
    await paying;
    const outcome = await record('first');
    expect(outcome.stage).toBe('done');
    for (let beat = 0; beat < 8; beat++) {
      await step();
      expect(await record('first')).toEqual(outcome);
      expect(await left('second')).toBeGreaterThan((LEASE_MS * 2) / 3);
    }

    second.open();
    await waiting;
    const last = await record('second');
    expect(last.stage).toBe('done');
    for (let beat = 0; beat < 4; beat++) await step();
    expect(await record('second')).toEqual(last);
    expect(vi.getTimerCount()).toBe(0); // no run is live: the heartbeat stopped
    expect(charges()).toBe(2);
  });
});
