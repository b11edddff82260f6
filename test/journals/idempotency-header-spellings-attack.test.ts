import { expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { recordingInMemoryClient } from '../support/recording-in-memory-client.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { GOOD_CARD } from '../support/team-purchase.js';

// redteam40: review16a refused an idempotency key under four spellings (`idempotencyKey`,
// `idempotency_key`, `idempotency-key`, an `Idempotency-Key` header in any case). Other services
// spell it otherwise (`X-Idempotency-Key`, `Cko-Idempotency-Key`; `IdempotencyKey` in a body): the
// service reads none of them either, so such a checkout paid with no key and a re-run paid again.
// review17a: nor did it look for `Idempotence-Key` (a payment service's header) or `idempotentKey`.
// review16a's own spellings (`Idempotency-Key` in any case) are checked here with the rest.

const spellings = [
  'Idempotency-Key',
  'idempotency-key',
  'X-Idempotency-Key',
  'x-idempotency-key',
  'Cko-Idempotency-Key',
  'Idempotence-Key',
  'X-Idempotent-Key',
];

it.each(spellings)(
  "a checkout given a `%s` header (its request options, the client's) is refused: it would pay again",
  async (header) => {
    const { client, order, charges, gate } = await inMemorySubscriber(`sp-${header}@example.com`);
    const headers = { [header]: 'order-1' };
    const refused = await client.consumables.checkout(order, { headers }).catch((e: unknown) => e);
    let fromClient: unknown;
    try {
      await client.withOptions({ headers }).consumables.checkout(order);
    } catch (error) {
      fromClient = error;
    }
    for (const error of [refused, fromClient]) {
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ field: 'key', mayHaveBeenProcessed: false });
      expect(String(error)).toContain(`'${header}'`);
    }
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  },
);

it.each(['IdempotencyKey', 'x-idempotency-key', 'idempotentKey'])(
  'a checkout given `%s` in its order, plain or keyed, is refused: nothing recorded or sent',
  async (name) => {
    const { client, order, charges, gate } = await inMemorySubscriber(
      `sp-body-${name}@example.com`,
    );
    const journal = memoryJournal();
    for (const keyed of [{}, { key: `body-${name}`, journal }]) {
      const given = { ...order, [name]: 'order-2', ...keyed };
      const refused = await client.consumables.checkout(given).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: 'key', mayHaveBeenProcessed: false });
      expect(String(refused)).toContain(`\`${name}\``);
    }
    expect(await journal.get(`body-${name}`)).toBeUndefined();
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  },
);

it('pay.bag given an `X-Idempotency-Key` header: refused, nothing paid', async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const client = inMemoryClient(
    simulator,
    simulator.addUser({ email: 'sp-bag@example.com' }).token,
  );
  const plan = await client.plans.get('team-per-team');
  const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 2 });
  await client.card.register(GOOD_CARD);
  const headers = { 'X-Idempotency-Key': 'bag-1' };
  const refused = await client.pay
    .bag({ token: bag.token, chosen_period: 'MONTH' }, { headers })
    .catch((error: unknown) => error);
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'key' });
  expect(simulator.charges).toHaveLength(0);
});

// As review16a's: a keyed checkout recorded before this refusal with such a field in its order
// re-runs without it (as the refusal says) and replays its answer, never "use a new key".
it('a keyed checkout recorded with `x-idempotency-key` in its order re-runs without it: replayed', async () => {
  const { client, order, charges, gate } = await inMemorySubscriber('sp-old@example.com');
  const journal = memoryJournal();
  const key = 'old-x-idempotency';
  const first = await client.consumables.checkout({ ...order, key, journal });
  const record = (await journal.get(key))!;
  await journal.set(key, { ...record, params: { ...record.params, 'x-idempotency-key': 'o-3' } });
  const again = await client.consumables.checkout({ ...order, key, journal });
  expect(again).toEqual(first);
  expect(charges()).toBe(1);
  expect(gate.sent()).toBe(1);
});

// consumables.consume uses a unit each call: an idempotency key in its options (a header, an
// `idempotencyKey`) was read by nothing, and a re-run after a lost answer used another unit.
it.each([
  ['Idempotency-Key header', { headers: { 'Idempotency-Key': 'use-1' } }, "'Idempotency-Key'"],
  ['Idempotence-Key header', { headers: { 'Idempotence-Key': 'use-1' } }, "'Idempotence-Key'"],
  ['idempotencyKey', { idempotencyKey: 'use-1' }, '`idempotencyKey`'],
])('consumables.consume given an %s: refused, nothing sent', async (what, options, says) => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: `sp-consume-${what.length}@example.com` });
  const { client, sent } = recordingInMemoryClient(simulator, user.token);
  const consume = client.consumables.consume.bind(client.consumables) as (
    ...args: unknown[]
  ) => Promise<unknown>;
  const refused = await consume('ai-credits', options).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(InvalidRequestError);
  expect(refused).toMatchObject({ field: 'key', mayHaveBeenProcessed: false });
  expect(String(refused)).toContain(says);
  expect(String(refused)).toContain('is read by no consumables.consume');
  expect(sent).toEqual([]);
});
