import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal, type CheckoutRecord } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A claim answered late in its lease (a busy database: a pool whose connections are all taken,
// a checkpoint) is healthy: the run reads the key, finds its claim, and sends. But the lease it
// claimed with is mostly gone, and its heartbeat comes a third of a lease after that: for a
// while, the live run's key read as run out. An operator's settle (or a duplicate delivery
// elsewhere: "unknown, settle it") was let through while the key was being paid, and the next
// run paid it again. A late claim's lease is renewed before anything is sent.
// The journal's clock is the test's (`now`, the contract's).

const CHECKOUT = '/v2/payments/consumable/checkout';
const LEASE_MS = 30_000;

describe('a run whose claim answered late in its lease', () => {
  it('renews its lease before sending: its live key is never settled under it', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'late-claim-renewed@example.com' });
    let hold: Promise<void> | undefined;
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const held = hold;
        if (request.url.includes(CHECKOUT) && held) {
          hold = undefined;
          reached();
          await held;
        }
        return simulator.handle(request);
      },
    });
    const { subscription } = await client.purchase({
      plan: 'team-per-team',
      team_seats: 2,
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      pollInterval: 1,
    });
    const charges = () =>
      simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id)
        .length;

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    let claimLanded!: () => void;
    const landed = new Promise<void>((resolve) => (claimLanded = resolve));
    let claimAnswered!: () => void;
    const claimAnswer = new Promise<void>((resolve) => (claimAnswered = resolve));
    const slow = {
      ...store,
      claim: async (key: string, record: CheckoutRecord) => {
        const claimed = await store.claim!(key, record);
        claimLanded();
        await claimAnswer;
        return claimed;
      },
    };
    let open!: () => void;
    hold = new Promise<void>((resolve) => (open = resolve));
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };

    const run = client.consumables.checkout({ ...order, key: 'late-renew', journal: slow });
    await landed;
    // Its answer comes when 70 % of the lease has gone by; the run reads its claim and sends.
    clock += LEASE_MS * 0.7;
    claimAnswered();
    await arrived;
    // Past the claim's lease, before a heartbeat's time: the run is alive, its request out.
    clock += LEASE_MS * 0.31;
    const settled = await client.journal
      .settle('late-renew', { journal: store, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);

    open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(
      await client.consumables.checkout({ ...order, key: 'late-renew', journal: store }),
    ).toEqual(paid);
    expect(charges()).toBe(1);
  });

  it('sends nothing when the key was taken over between its read and its renewal', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'late-claim-taken@example.com' });
    const client = inMemoryClient(simulator, user.token);
    const { subscription } = await client.purchase({
      plan: 'team-per-team',
      team_seats: 2,
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      pollInterval: 1,
    });
    const charges = () =>
      simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id)
        .length;

    let clock = Date.now();
    const store = { ...memoryJournal({ lease: LEASE_MS }), now: () => clock };
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
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
        await client.journal.settle(key, {
          journal: store,
          charged: 'no',
          reason: 'its claimer looks gone',
        });
        paid = await client.consumables.checkout({ ...order, key, journal: store });
        return found;
      },
    };

    const run = await client.consumables.checkout({ ...order, key: 'late-taken', journal: slow });
    expect(paid).toBeDefined();
    expect(run).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
