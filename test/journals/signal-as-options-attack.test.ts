import { expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { GOOD_CARD, PER_SEAT_PURCHASE } from '../support/team-purchase.js';

// redteam40: an AbortSignal given from JavaScript where the options go (`checkout(order, signal)`,
// `purchase(order, signal)`, as other libraries take one) has no field of its own: it was taken
// for options naming nothing, read by nothing, and the call paid though the signal had fired.
// Refused before anything is recorded or sent, saying the signal goes in the options.

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

it('a checkout given an aborted signal as its options, plain or keyed: refused, nothing paid', async () => {
  const { client, order, charges, gate } = await inMemorySubscriber('signal-options@example.com');
  const journal = memoryJournal();
  const checkout = client.consumables.checkout.bind(client.consumables) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  for (const keyed of [{}, { key: 'signal-as-options', journal }]) {
    const refused = await checkout({ ...order, ...keyed }, aborted()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: 'options', mayHaveBeenProcessed: false });
    expect(String(refused)).toContain('`{ signal }`');
  }
  expect(await journal.get('signal-as-options')).toBeUndefined();
  expect(gate.sent()).toBe(0);
  expect(charges()).toBe(0);
});

it('pay.bag given a signal as its options: refused, nothing paid', async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const client = inMemoryClient(
    simulator,
    simulator.addUser({ email: 'sig-bag@example.com' }).token,
  );
  const plan = await client.plans.get('team-per-team');
  const { token } = await client.checking.bag({ plans: [plan.id!], team_seats: 2 });
  await client.card.register(GOOD_CARD);
  const bag = { token, chosen_period: 'MONTH' as const };
  const pay = client.pay.bag.bind(client.pay) as (...args: unknown[]) => Promise<unknown>;
  const refused = await pay(bag, aborted()).catch((e: unknown) => e);
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'options' });
  expect(simulator.charges).toHaveLength(0);
});

it('purchase given an aborted signal as its second argument: refused as what it is, nothing paid', async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const client = inMemoryClient(simulator, simulator.users.owner.token);
  const purchase = client.purchase.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const refused = await purchase(PER_SEAT_PURCHASE, aborted()).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'signal', mayHaveBeenProcessed: false });
  expect((refused as Error).message).toBe(
    "purchase's second argument (an AbortSignal) is read by nothing: purchase takes one argument, give `totalTimeout`, `waitTimeout` or `signal` in it. Nothing was sent",
  );
  expect(simulator.charges).toHaveLength(0);
});
