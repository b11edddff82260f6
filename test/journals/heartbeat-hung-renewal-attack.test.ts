// One heartbeat timer renews every live run of a journal (lease-heartbeat.ts). Tried: a renewal
// that hangs in the journal (a row lock, a stalled connection) for one run must not hold up the
// others' (head of line: their leases run out, another process takes them for dead), and when it
// answers at last it lands before the run's outcome, never over it. It did neither. But each beat
// meanwhile queued a renewal of its own behind it, its lease reckoned at the beat: once the
// journal answered again, they were sent one by one (the outcome behind them all) with leases run
// out long before, and the live run's key read as dead (settleable at once) after the journal
// had recovered. One renewal waits now, its lease reckoned when it is sent. The journal's clock
// is the test's, the timer a fake one.
import { describe, expect, it, vi } from 'vitest';
import { memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { heartbeatClock, LEASE_MS, settle, useFakeIntervals } from '../support/heartbeat-steps.js';

useFakeIntervals();

describe('a renewal that hangs for one run of a journal', () => {
  it("holds up neither the other runs' renewals nor lands over its own run's outcome", async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('hung-beat@example.com');
    const clock = heartbeatClock();
    const store = memoryJournal({ lease: LEASE_MS });
    const hung: (() => void)[] = [];
    const sentLeft: number[] = []; // each renewal of "stuck": its lease left when it was sent
    const journal: PurchaseJournal = {
      ...store,
      now: clock.now,
      // The renewals of key "stuck" answer only when the test lets them (in the order sent).
      setIfHeld: (key, record, held, options) => {
        const write = () => store.setIfHeld!(key, record, held, options);
        if (key !== 'stuck' || record.leaseUntil === undefined) return write();
        sentLeft.push(Date.parse(record.leaseUntil) - clock.now());
        return new Promise((resolve) => hung.push(() => resolve(write())));
      },
    };
    const record = (key: string) => clock.record(journal, key);
    const left = (key: string) => clock.left(journal, key);
    const { step } = clock;

    const stuckSent = gate.holdNext();
    const stuck = client.consumables.checkout({ ...order, key: 'stuck', journal });
    await stuckSent.arrived;
    const liveSent = gate.holdNext();
    const live = client.consumables.checkout({ ...order, key: 'live', journal });
    await liveSent.arrived;
    for (let beat = 0; beat < 12; beat++) {
      await step();
      expect(await left('live')).toBeGreaterThan((LEASE_MS * 2) / 3);
    }
    expect(hung.length).toBeGreaterThan(0); // "stuck"'s renewal did hang
    liveSent.open();
    await live;
    expect((await record('live')).stage).toBe('done');

    // The stuck run's answer comes, then its hung renewal answers, and each renewal queued behind
    // it (one a third of a lease) is sent and answered in turn: the outcome lands after them all.
    stuckSent.open();
    let ended = false;
    const ending = stuck.finally(() => (ended = true));
    while (!ended) {
      for (const answer of hung.splice(0)) answer();
      await settle();
    }
    await ending;
    const outcome = await record('stuck');
    expect(outcome).toMatchObject({ stage: 'done', charged: 'yes' });
    expect(outcome.leaseUntil).toBeUndefined();
    // The hung one, then one more sent once it answered, with a whole lease: none run out.
    expect(sentLeft.length).toBeLessThanOrEqual(2);
    for (const left of sentLeft) expect(left).toBeGreaterThan((LEASE_MS * 2) / 3);
    for (let beat = 0; beat < 4; beat++) await step();
    expect(await record('stuck')).toEqual(outcome);
    expect(hung).toEqual([]); // no renewal after the outcome
    expect(vi.getTimerCount()).toBe(0);
    expect(charges()).toBe(2);
  });
});
