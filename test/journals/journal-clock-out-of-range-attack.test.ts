import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A journal's `now()` is public (a user's journal may give its store's clock). A clock that gives
// a finite number no Date can hold (past ±8.64e15 ms: a bug's µs or ns since 1970, a counter that
// ran away) is not a time: a lease written on it was a RangeError thrown from `toISOString`. At
// the claim, the call failed with an error that is no SeatpayError; in the heartbeat (a clock
// that jumps there mid-run), it was thrown from a timer: an uncaught exception that ends a Node
// process while its payment is in flight.

const CHECKOUT = '/v2/payments/consumable/checkout';

async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'clock-range@example.com' });
  let hold: Promise<void> | undefined;
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.url.includes(CHECKOUT)) {
        reached();
        await hold;
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
    simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id).length;
  const held = () => {
    let open!: () => void;
    hold = new Promise<void>((resolve) => (open = resolve));
    return open;
  };
  return { client, subscription: subscription.id, charges, held, arrived };
}

describe("a journal's clock that gives a number no Date can hold", () => {
  it('is not taken as the time at the claim: the call pays once, leases on this machine', async () => {
    const { client, subscription, charges } = await setUp();
    const journal = { ...memoryJournal(), now: () => 1e300 };
    const order = { service: 'ai-credits', how_many: 2, subscription, key: 'range-1', journal };
    const paid = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(paid).not.toBeInstanceOf(Error);
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(order)).toEqual(paid);
    expect(charges()).toBe(1);
  });

  it('never throws from the heartbeat when it jumps there mid-run', async () => {
    const { client, subscription, charges, held, arrived } = await setUp();
    let time = () => Date.now();
    let readsAfterJump = 0;
    let jumped!: () => void;
    const beats = new Promise<void>((resolve) => (jumped = resolve));
    // A short lease: the heartbeat comes every 30 ms.
    const journal = {
      ...memoryJournal({ lease: 90 }),
      now: () => {
        const now = time();
        if (now > 8.64e15 && ++readsAfterJump === 3) jumped();
        return now;
      },
    };
    const open = held();
    const order = { service: 'ai-credits', how_many: 2, subscription, key: 'range-2', journal };
    const run = client.consumables.checkout(order);
    await arrived;
    time = () => 9e15;
    // Heartbeats read the jumped clock (each a lease written on it, before this fix a throw).
    await beats;
    open();
    const paid = await run;
    expect(paid.id).toBeDefined();
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(order)).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
