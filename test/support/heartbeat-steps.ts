// The keyed runs' heartbeat under test (lease-heartbeat.ts): fake intervals, and a journal's
// clock the test moves with them, a beat (a sixth of the lease) at a time.
import { afterEach, beforeEach, vi } from 'vitest';
import type { JournalRecord, PurchaseJournal } from '../../src/index.js';

export const LEASE_MS = 30_000;
export const BEAT = LEASE_MS / 6;

/** Fakes setInterval (the heartbeat's timer) in each test of the file. */
export function useFakeIntervals(): void {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => void vi.useRealTimers());
}

/** Lets the macrotask queue turn: every write a heartbeat started on the memory journal lands. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A clock for a journal's `now`, moved a beat at a time with the fake intervals. */
export function heartbeatClock() {
  let clock = Date.now();
  return {
    now: () => clock,
    /** The key's record in `journal`. */
    record: async (journal: PurchaseJournal, key: string) =>
      (await journal.get(key)) as JournalRecord,
    /** What is left of the key's lease in `journal`, by this clock. */
    left: async (journal: PurchaseJournal, key: string) =>
      Date.parse(((await journal.get(key)) as JournalRecord).leaseUntil!) - clock,
    /** A beat later: the clock and the heartbeat's timer moved, its writes landed. */
    step: async () => {
      clock += BEAT;
      vi.advanceTimersByTime(BEAT);
      await settle();
    },
  };
}
