// A journal kept across tests (a module's own, as an app's is), each test with fake timers of its
// own: the keyed runs' heartbeat (one timer per journal, lease-heartbeat.ts) set its timer under
// the first test's fake clock, which was then taken away with the timer in it. The heartbeat still
// thought it ran: no later run of that journal was renewed again (another process could take its
// key as dead and pay again). The journal's clock is the test's, the timers fake ones.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryJournal, type JournalRecord } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const LEASE_MS = 30_000;
const BEAT = LEASE_MS / 6;
const fake = () => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

afterEach(() => void vi.useRealTimers());

/** Lets the macrotask queue turn: every write a heartbeat started on the memory journal lands. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a journal kept across tests with fake timers of their own', () => {
  it('keeps renewing the leases of a later fake clock’s runs', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('fake-swap@example.com');
    let clock = Date.now();
    const journal = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };

    fake(); // the first test's fake clock: a run that ends at once (the heartbeat ticks on)
    await client.consumables.checkout({ ...order, key: 'first', journal });
    vi.useRealTimers();

    fake(); // the next test's
    const held = gate.holdNext();
    const paying = client.consumables.checkout({ ...order, key: 'second', journal });
    await held.arrived;
    for (let beat = 0; beat < 8; beat++) {
      clock += BEAT;
      vi.advanceTimersByTime(BEAT);
      await settle();
      const record = (await journal.get('second')) as JournalRecord;
      expect(Date.parse(record.leaseUntil!) - clock).toBeGreaterThan((LEASE_MS * 2) / 3);
    }
    held.open();
    await paying;
    expect(charges()).toBe(2);
  });
});
