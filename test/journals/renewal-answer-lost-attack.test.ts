import { describe, expect, it } from 'vitest';
import {
  JournalError,
  memoryJournal,
  type CheckoutRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { watchedRenewals } from '../support/watched-renewals.js';

// A lease's renewal is written only while the key is still the run's live claim (setIfHeld). Its
// answer can be lost: after it landed, or before. Landed, the next renewals must still find the
// key this run's (the lease it lost the answer of is one of its own); unknown, before sending, the
// run must not send (the key may have been taken over and paid by then).

const LEASE_MS = 300;

describe("a renewal's answer lost", () => {
  it('after it landed: the next renewals still land, the key stays held', async () => {
    const { client, gate, order, charges } = await inMemorySubscriber('renewal-landed@example.com');
    const real = memoryJournal({ lease: LEASE_MS });
    // Heartbeats only: a late claim's renewal before sending is not counted. The first renewal
    // landed; its answer is lost.
    const { journal, renewals, renewed } = watchedRenewals(real, {
      sent: () => gate.sent() > 0,
      lost: 1,
      enough: 4,
    });
    const service = gate.holdNext();
    const paying = client.consumables.checkout({ ...order, journal, key: 'renewed' });
    await renewed;
    const held = (await real.get('renewed')) as CheckoutRecord;
    service.open();
    await paying;
    expect(renewals.slice(0, 4).map((renewal) => renewal.written)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(renewals.map((renewal) => renewal.lease)).toContain(held.leaseUntil);
    expect(held.stage).toBe('sending');
    expect(charges()).toBe(1);
  });

  it('unknown, on a late claim before sending: nothing is sent', async () => {
    const { client, order, charges } = await inMemorySubscriber('renewal-unknown@example.com');
    const real = memoryJournal({ lease: LEASE_MS });
    let clock = Date.now();
    const journal: PurchaseJournal = {
      ...real,
      now: () => clock,
      // The claim lands, and answers when most of its lease is gone (a slow database).
      claim: async (key, record, options) => {
        const claimed = await real.claim!(key, record, options);
        clock += LEASE_MS * 0.75;
        return claimed;
      },
      // The renewal before sending: meanwhile the key was taken over and paid by another run
      // (its record written here), and the renewal's answer is lost.
      setIfHeld: async (key, record, held, options) => {
        if (record.leaseUntil === undefined) return real.setIfHeld!(key, record, held, options);
        const { leaseUntil: _lease, holder: _holder, ...claim } = record;
        await real.set(key, { ...claim, stage: 'done', charged: 'yes' } as CheckoutRecord);
        throw new Error('Connection terminated unexpectedly');
      },
    };
    const outcome = await client.consumables
      .checkout({ ...order, journal, key: 'late' })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(JournalError);
    expect((outcome as JournalError).mayHaveBeenProcessed).toBe(false);
    expect(charges()).toBe(0);
    expect((await real.get('late'))?.stage).toBe('done');
  });
});
