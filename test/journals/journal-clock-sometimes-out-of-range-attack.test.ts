import { describe, expect, it } from 'vitest';
import { KeyInProgressError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A journal's `now()` is public: a user's journal may give its store's clock, far from this
// machine's (an hour here), and that clock may now and then give no time (a read that fails, a
// NaN, a value past what a Date holds). Such a reading was replaced by `Date.now()`: one lease
// written or judged on the machine's clock instead of the journal's. An hour apart, a live run's
// key then read as run out: an operator's settle was let through while the key was being paid
// (and the next run paid it again). The journal's last good reading, carried forward, stands in
// for it now.

const CHECKOUT = '/v2/payments/consumable/checkout';
const HOUR = 3_600_000;

async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'clock-sometimes@example.com' });
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
    simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id).length;
  let open!: () => void;
  hold = new Promise<void>((resolve) => (open = resolve));
  return { client, subscription: subscription.id, charges, arrived, open };
}

/** A journal on a store whose clock is `offset` from this machine's, and now and then gives none. */
function storeJournal(offset: number, gives: () => boolean) {
  return { ...memoryJournal(), now: () => (gives() ? Date.now() + offset : Number.NaN) };
}

describe("a journal's clock that sometimes gives no time", () => {
  it('never lets a live key be settled: the key is paid once', async () => {
    const { client, subscription, charges, arrived, open } = await setUp();
    let gives = true;
    // The store's clock is an hour behind this machine's.
    const journal = storeJournal(-HOUR, () => gives);
    const order = { service: 'ai-credits', how_many: 2, subscription, key: 'sometimes-1', journal };
    const run = client.consumables.checkout(order);
    await arrived; // its request is out, its outcome not known yet
    gives = false;
    const settled = await client.journal
      .settle('sometimes-1', { journal, charged: 'no', reason: 'its claimer looks gone' })
      .catch((e: unknown) => e);
    expect(settled).toBeInstanceOf(KeyInProgressError);
    gives = true;
    open();
    const paid = await run;
    expect(charges()).toBe(1);
    expect(await client.consumables.checkout(order)).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
