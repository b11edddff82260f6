import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal, type CheckoutRecord } from '../../src/index.js';
import { settledAndPaidAgain } from '../support/paid-elsewhere.js';
import { slowClaimJournal } from '../support/slow-claim-journal.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A claim answered late in its lease (a busy database: a pool whose connections are all taken,
// a checkpoint) is healthy: the run reads the key, finds its claim, and sends. But the lease it
// claimed with is mostly gone, and its heartbeat comes a third of a lease after that: for a
// while, the live run's key read as run out. An operator's settle (or a duplicate delivery
// elsewhere: "unknown, settle it") was let through while the key was being paid, and the next
// run paid it again. A late claim's lease is renewed before anything is sent.
// The journal's clock is the test's (`now`, the contract's).

const LEASE_MS = 30_000;

describe('a run whose claim answered late in its lease', () => {
  it('renews its lease before sending: its live key is never settled under it', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber(
      'late-claim-renewed@example.com',
    );

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    const slow = slowClaimJournal(store);
    const held = gate.holdNext();

    const run = client.consumables.checkout({ ...order, key: 'late-renew', journal: slow.journal });
    await slow.landed;
    // Its answer comes when 70 % of the lease has gone by; the run reads its claim and sends.
    clock += LEASE_MS * 0.7;
    slow.answer();
    await held.arrived;
    // Past the claim's lease, before a heartbeat's time: the run is alive, its request out.
    clock += LEASE_MS * 0.31;
    const settled = await client.journal
      .settle('late-renew', { journal: store, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);

    held.open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(
      await client.consumables.checkout({ ...order, key: 'late-renew', journal: store }),
    ).toEqual(paid);
    expect(charges()).toBe(1);
  });

  it('sends nothing when the key was taken over between its read and its renewal', async () => {
    const { client, order, charges } = await inMemorySubscriber('late-claim-taken@example.com');

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    let claimedAt: number | undefined;
    let paid: unknown;
    let takeOver = false;
    const slow = {
      ...store,
      claim: async (key: string, record: CheckoutRecord) => {
        const claimed = await store.claim!(key, record);
        // Its answer comes when 90 % of the lease has gone by.
        claimedAt = clock;
        clock += LEASE_MS * 0.9;
        takeOver = true;
        return claimed;
      },
      get: async (key: string) => {
        const found = await store.get(key);
        if (!takeOver) return found;
        takeOver = false;
        // The read finds the claim, and its answer is slow: meanwhile the lease runs out, the
        // key is settled as not charged, run again elsewhere and paid.
        clock = claimedAt! + LEASE_MS * 1.2;
        paid = await settledAndPaidAgain(client, { ...order, key, journal: store });
        return found;
      },
    };

    const run = await client.consumables.checkout({ ...order, key: 'late-taken', journal: slow });
    expect(paid).toBeDefined();
    expect(run).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
