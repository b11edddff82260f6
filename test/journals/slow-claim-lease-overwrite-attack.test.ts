import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal, type CheckoutRecord } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A claim's lease is written from the time it is made, but its answer may come back late (a slow
// database, a slow network): most of the lease is gone by the time the run hears its claim
// landed. The run must still know its lease may have run out by then: the key may have been
// settled as not charged and paid by another machine meanwhile, and the run's refusal, written
// over that without a look, would free the key for a second charge.
// The journal's clock is the test's (`now`, the contract's); the other machine is a second
// journal object on the same store, in this process.

const CHECKOUT = '/v2/payments/consumable/checkout';
const LEASE_MS = 30_000;

describe('a run whose claim answered late in its lease', () => {
  it('reads the key before writing its refusal: never over the paid record of another run', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'slow-claim@example.com' });
    let refuseFirst: Promise<void> | undefined;
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const hold = refuseFirst;
        if (!request.url.includes(CHECKOUT) || !hold) return simulator.handle(request);
        refuseFirst = undefined;
        await hold;
        // The slow run's request, when it finally arrives, is refused: nothing charged.
        return Response.json(
          { detail: 'subscription-not-usable', status_code: 400 },
          { status: 400 },
        );
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
    let claimAnswered!: () => void;
    const claimAnswer = new Promise<void>((resolve) => (claimAnswered = resolve));
    let claimLanded!: () => void;
    const landed = new Promise<void>((resolve) => (claimLanded = resolve));
    const slow = {
      ...store,
      claim: async (key: string, record: CheckoutRecord) => {
        const claimed = await store.claim!(key, record);
        claimLanded();
        await claimAnswer;
        return claimed;
      },
    };
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };

    let thaw!: () => void;
    refuseFirst = new Promise<void>((resolve) => (thaw = resolve));
    const run = client.consumables
      .checkout({ ...order, key: 'slow-1', journal: slow })
      .catch((e: unknown) => e);
    await landed;
    // The claim's answer arrives when 90 % of its lease has gone by.
    clock += LEASE_MS * 0.9;
    claimAnswered();
    await expect.poll(() => refuseFirst === undefined).toBe(true); // its request is out, held
    // Its lease (renewed as its claim answered) runs out: the run is frozen. The key is settled
    // as not charged, run again elsewhere and paid.
    clock += LEASE_MS * 1.1;
    await client.journal.settle('slow-1', {
      journal: store,
      charged: 'no',
      reason: 'its claimer is gone',
    });
    const paid = await client.consumables.checkout({ ...order, key: 'slow-1', journal: store });
    expect(charges()).toBe(1);
    const paidRecord = await store.get('slow-1');

    thaw();
    expect(await run).toBeInstanceOf(APIError);
    expect(await store.get('slow-1')).toEqual(paidRecord);
    // The next delivery replays the paid answer: never paid twice.
    expect(await client.consumables.checkout({ ...order, key: 'slow-1', journal: store })).toEqual(
      paid,
    );
    expect(charges()).toBe(1);
  });
});

describe('a run whose claim answered after its lease ran out', () => {
  it('reads the key before sending: never pays a key another run took over and paid', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'late-claim-send@example.com' });
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
    let claimAnswered!: () => void;
    const claimAnswer = new Promise<void>((resolve) => (claimAnswered = resolve));
    let claimLanded!: () => void;
    const landed = new Promise<void>((resolve) => (claimLanded = resolve));
    const slow = {
      ...store,
      claim: async (key: string, record: CheckoutRecord) => {
        const claimed = await store.claim!(key, record);
        claimLanded();
        await claimAnswer;
        return claimed;
      },
    };
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };

    const run = client.consumables.checkout({ ...order, key: 'late-2', journal: slow });
    await landed;
    // Its answer is held past the lease (a stopped process, a slow database): the key is settled
    // as not charged (true: nothing was sent), run again elsewhere and paid.
    clock += LEASE_MS * 1.2;
    await client.journal.settle('late-2', {
      journal: store,
      charged: 'no',
      reason: 'its claimer is gone',
    });
    const paid = await client.consumables.checkout({ ...order, key: 'late-2', journal: store });
    expect(charges()).toBe(1);

    // The claim's answer comes at last: the run finds the key paid, and replays that answer.
    claimAnswered();
    expect(await run).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
