import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal, type RequestOptions } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { GOOD_CARD } from '../support/team-purchase.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// redteam37: `consumables.checkout({ ...order, timeout: 0 })` (a request option in the order, from
// JavaScript) went into the order's body, bounded nothing, and paid; keyed, it was recorded as part
// of the order too. An `idempotencyKey` (in the order or its options) was read by nothing: the order
// paid with no key, and a re-run paid again. Each is refused, nothing recorded nor sent; so too in
// `pay.bag`'s params, which pass through to the service as well.

const inOrder = {
  timeout: 0,
  totalTimeout: 5,
  maxRetries: 0,
  headers: { 'x-trace': 'a' },
  signal: new AbortController().signal,
  idempotencyKey: 'order-1',
  idempotency_key: 'order-1',
} as const;

describe('a checkout given a request option or an idempotency key in its order', () => {
  it.each(Object.keys(inOrder))(
    'refuses `%s`, plain or keyed, nothing recorded or sent',
    async (name) => {
      const { client, order, charges, gate } = await inMemorySubscriber(
        `in-order-${name}@example.com`,
      );
      const extra = { [name]: inOrder[name as keyof typeof inOrder] };
      const journal = memoryJournal();
      for (const keyed of [{}, { key: `in-order-${name}`, journal }]) {
        const refused = await client.consumables
          .checkout({ ...order, ...extra, ...keyed })
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(InvalidRequestError);
        expect(refused).toMatchObject({ mayHaveBeenProcessed: false });
        expect(String(refused)).toContain(`\`${name}\``);
      }
      expect(gate.sent()).toBe(0);
      expect(charges()).toBe(0);
      expect(await journal.get(`in-order-${name}`)).toBeUndefined();
    },
  );

  it("refuses an idempotencyKey in a plain checkout's request options: it would pay again", async () => {
    const { client, order, charges } = await inMemorySubscriber('in-options-idem@example.com');
    const options = { idempotencyKey: 'order-2' } as RequestOptions;
    const refused = await client.consumables.checkout(order, options).catch((e: unknown) => e);
    expect(refused).toMatchObject({ field: 'key', mayHaveBeenProcessed: false });
    expect(charges()).toBe(0);
  });

  it('a request option left undefined in the order names nothing: it is bought once, as given', async () => {
    const { simulator, client, order, charges, gate } = await inMemorySubscriber(
      'in-order-undefined@example.com',
    );
    const given = { ...order, timeout: undefined, idempotencyKey: undefined };
    const receipt = await client.consumables.checkout(given);
    expect(receipt).toMatchObject(latestCheckoutReceipt(simulator));
    expect(charges()).toBe(1);
    expect(gate.sent()).toBe(1);
  });
});

it.each(['timeout', 'idempotencyKey', 'Idempotency-Key'])(
  'pay.bag given `%s` in its params (a header: its options): refused, nothing paid',
  async (name) => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const client = inMemoryClient(
      simulator,
      simulator.addUser({ email: `bag-${name}@example.com` }).token,
    );
    const plan = await client.plans.get('team-per-team');
    const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 2 });
    await client.card.register(GOOD_CARD);
    const header = name === 'Idempotency-Key';
    const params = {
      token: bag.token,
      chosen_period: 'MONTH' as const,
      ...(header ? {} : { [name]: name === 'timeout' ? 0 : 'bag-1' }),
    };
    const options = header ? { headers: { [name]: 'bag-1' } } : undefined;
    const refused = await client.pay.bag(params, options).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ mayHaveBeenProcessed: false });
    expect(String(refused)).toContain(header ? `'${name}'` : `\`${name}\``);
    expect(simulator.charges).toHaveLength(0);
  },
);

it.each([
  ['its request options', { timeout: 0 }, undefined],
  ["the client's options", undefined, { timeout: 0 }],
])(
  'a keyed checkout with no time for a request (%s) records nothing: refused as a plain one',
  async (_, options, client) => {
    const subscriber = await inMemorySubscriber(
      `keyed-zero-${client ? 'client' : 'call'}@example.com`,
    );
    const { order, charges, gate } = subscriber;
    const buyer = client ? subscriber.client.withOptions(client) : subscriber.client;
    const journal = memoryJournal();
    const plain = await buyer.consumables.checkout(order, options).catch((error: unknown) => error);
    const keyed = await buyer.consumables
      .checkout({ ...order, key: 'zero-1', journal }, options)
      .catch((error: unknown) => error);
    expect(String(keyed)).toBe(String(plain));
    expect(keyed).toMatchObject({ name: 'TimeoutError', mayHaveBeenProcessed: false });
    expect(await journal.get('zero-1')).toBeUndefined();
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  },
);

it('a client (withOptions, as createClient) refuses an idempotencyKey: each plain checkout of the client paid with none', async () => {
  const { client, order, charges } = await inMemorySubscriber('client-idem@example.com');
  const given = { idempotencyKey: 'order-3' } as Parameters<typeof client.withOptions>[0];
  let thrown: unknown;
  try {
    await client.withOptions(given).consumables.checkout(order);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toMatchObject({ name: 'InvalidRequestError', field: 'key' });
  expect(String(thrown)).toContain('`idempotencyKey` is no client option');
  expect(charges()).toBe(0);
});

// review16a: a keyed checkout recorded before these refusals with a request option in its order
// (its params hold `timeout`) could be re-run neither as it was (refused: move it) nor moved (the
// params differ: `KeyReuseError`, "use a new key", which paid the order a second time). Moved to the
// second argument, the re-run replays the recorded answer: the option was never an order's field.
it.each([
  ['timeout', 5000],
  ['idempotencyKey', 'order-5'],
])(
  'a keyed checkout recorded with `%s` in its order (before the refusal) re-runs without it: replayed',
  async (name, value) => {
    const { client, order, charges, gate } = await inMemorySubscriber(`old-${name}@example.com`);
    const journal = memoryJournal();
    const key = `old-${name}`;
    const first = await client.consumables.checkout({ ...order, key, journal });
    const record = (await journal.get(key))!;
    await journal.set(key, { ...record, params: { ...record.params, [name]: value } });
    const again = await client.consumables.checkout(
      { ...order, key, journal },
      name === 'timeout' ? { timeout: 5000 } : {},
    );
    expect(again).toEqual(first);
    expect(charges()).toBe(1);
    expect(gate.sent()).toBe(1);
  },
);
