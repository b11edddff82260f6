// Deno's timers have no `unref`: a pending interval keeps the process alive. The keyed runs'
// shared heartbeat (lease-heartbeat.ts) ticks on after the last run ended until a tick finds none
// live, so a Deno script that made its keyed checkout and was done stayed up to a sixth of the
// lease more. There it stops with the last live run, as the per-call timer did; the lease is still
// renewed while the run lives. The journal's clock is the test's; the test fires the interval.
import { afterEach, describe, expect, it } from 'vitest';
import { memoryJournal, type JournalRecord } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const LEASE_MS = 60_000;
const BEAT = LEASE_MS / 6;

/** `setInterval` / `clearInterval` as Deno's for intervals of `ms`: a number, no `unref`. */
function denoIntervals(ms: number) {
  const real = { setInterval: globalThis.setInterval, clearInterval: globalThis.clearInterval };
  const pending = new Map<number, () => void>();
  let last = 0;
  globalThis.setInterval = ((handler: () => void, every?: number) => {
    if (every !== ms) return real.setInterval(handler, every);
    pending.set(++last, handler);
    return last;
  }) as typeof setInterval;
  globalThis.clearInterval = ((id: unknown) => {
    if (typeof id === 'number') pending.delete(id);
    else real.clearInterval(id as Parameters<typeof clearInterval>[0]);
  }) as typeof clearInterval;
  return {
    pending,
    fire: () => [...pending.values()].forEach((handler) => handler()),
    restore: () => void Object.assign(globalThis, real),
  };
}

let intervals: ReturnType<typeof denoIntervals> | undefined;
afterEach(() => intervals?.restore());

/** Lets the macrotask queue turn: a write the heartbeat started on the memory journal lands. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the keyed runs heartbeat, on timers without unref (Deno)', () => {
  it('renews a live run, and leaves no interval pending once its outcome is written', async () => {
    intervals = denoIntervals(BEAT);
    const { client, gate, order, charges } = await inMemorySubscriber('deno-beat@example.com');
    let clock = Date.now();
    const journal = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    const record = async () => (await journal.get('deno')) as JournalRecord;

    const held = gate.holdNext();
    const paying = client.consumables.checkout({ ...order, key: 'deno', journal });
    await held.arrived;
    expect(intervals.pending.size).toBe(1);
    for (let beat = 0; beat < 4; beat++) {
      clock += BEAT;
      intervals.fire();
      await settle();
      expect(Date.parse((await record()).leaseUntil!) - clock).toBeGreaterThan((LEASE_MS * 2) / 3);
    }

    held.open();
    await paying;
    expect((await record()).stage).toBe('done');
    expect(intervals.pending.size).toBe(0); // nothing left to keep the process alive
    expect(charges()).toBe(1);
  });
});
