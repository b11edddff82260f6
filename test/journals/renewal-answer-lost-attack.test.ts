import { describe, expect, it } from 'vitest';
import {
  JournalError,
  memoryJournal,
  type CheckoutRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A lease's renewal is written only while the key is still the run's live claim (setIfHeld). Its
// answer can be lost: after it landed, or before. Landed, the next renewals must still find the
// key this run's (the lease it lost the answer of is one of its own); unknown, before sending, the
// run must not send (the key may have been taken over and paid by then).

const CHECKOUT = '/v2/payments/consumable/checkout';
const LEASE_MS = 300;

async function subscriber(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 1 });
  const { token } = simulator.addUser({ email });
  const { subscription } = await inMemoryClient(simulator, token).purchase(teamPurchase(1));
  const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
  const charges = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;
  return { simulator, token, order, charges };
}

describe("a renewal's answer lost", () => {
  it('after it landed: the next renewals still land, the key stays held', async () => {
    const { simulator, token, order, charges } = await subscriber('renewal-landed@example.com');
    const real = memoryJournal({ lease: LEASE_MS });
    const renewals: { lease: string; written: boolean }[] = [];
    let sent = false; // heartbeats only: a late claim's renewal before sending is not counted
    let threeMore!: () => void;
    const renewed = new Promise<void>((resolve) => (threeMore = resolve));
    const journal: PurchaseJournal = {
      ...real,
      setIfHeld: async (key, record, held, options) => {
        const written = await real.setIfHeld!(key, record, held, options);
        if (record.leaseUntil === undefined || !sent) return written;
        renewals.push({ lease: record.leaseUntil, written });
        if (renewals.length === 4) threeMore();
        // The first renewal landed; its answer is lost.
        if (renewals.length === 1) throw new Error('Connection terminated unexpectedly');
        return written;
      },
    };
    let open!: () => void;
    const service = new Promise<void>((resolve) => (open = resolve));
    const client = inMemoryClient(simulator, token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.url.includes(CHECKOUT)) {
          sent = true;
          await service;
        }
        return simulator.handle(request);
      },
    });
    const paying = client.consumables.checkout({ ...order, journal, key: 'renewed' });
    await renewed;
    const held = (await real.get('renewed')) as CheckoutRecord;
    open();
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
    const { simulator, token, order, charges } = await subscriber('renewal-unknown@example.com');
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
    const client = inMemoryClient(simulator, token);
    const outcome = await client.consumables
      .checkout({ ...order, journal, key: 'late' })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(JournalError);
    expect((outcome as JournalError).mayHaveBeenProcessed).toBe(false);
    expect(charges()).toBe(0);
    expect((await real.get('late'))?.stage).toBe('done');
  });
});
