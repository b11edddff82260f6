import { describe, expect, it } from 'vitest';
import {
  KeyInProgressError,
  memoryJournal,
  type CheckoutRecord,
  type HeldClaim,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A claim answered late in its lease is renewed before anything is sent: its lease is mostly gone.
// But a renewal the journal failed (a write refused, a timeout: the busy database that made the
// claim late) was taken as done, as a heartbeat's failure is, and the run sent on the claim's own
// lease: past it, the live key read as run out, an operator's settle was let through while it was
// being paid (and the next run paid it again). A late claim whose renewal failed sends nothing; the
// key is freed and claimed again. The journal's clock is the test's (`now`, the contract's).

const LEASE_MS = 30_000;

describe('a run whose late claim could not be renewed', () => {
  it('does not send on the run-out lease: its live key is never settled under it', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber(
      'late-claim-renewal-fails@example.com',
    );

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    let failWrites = 0;
    const busy = {
      ...store,
      // Every claim answers when 70 % of its lease has gone by (the journal's clock).
      claim: async (key: string, record: CheckoutRecord) => {
        const claimed = await store.claim!(key, record);
        clock += LEASE_MS * 0.7;
        return claimed;
      },
      set: async (key: string, record: CheckoutRecord) => {
        if (failWrites > 0) {
          failWrites--;
          throw new Error('could not serialize access due to concurrent update');
        }
        return store.set(key, record);
      },
      // The renewal of a run holding the key (setIfHeld): failed the same way.
      setIfHeld: async (key: string, record: CheckoutRecord, held: HeldClaim) => {
        if (failWrites > 0) {
          failWrites--;
          throw new Error('could not serialize access due to concurrent update');
        }
        return store.setIfHeld!(key, record, held);
      },
    };
    const request = gate.holdNext();

    failWrites = 1; // the first claim's renewal
    const run = client.consumables.checkout({ ...order, key: 'late-fail', journal: busy });
    await request.arrived;
    // Past the first claim's lease, before a heartbeat's time: the run is alive, its request out.
    clock += LEASE_MS * 0.5;
    const settled = await client.journal
      .settle('late-fail', { journal: store, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);

    request.open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(
      await client.consumables.checkout({ ...order, key: 'late-fail', journal: store }),
    ).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
