import { expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { recordingInMemoryClient } from '../support/recording-in-memory-client.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// review17a: redteam40 refused every name holding "idempotency"; a payment service's
// `Idempotence-Key` header (or an `idempotentKey` in the order) holds "idempotence"/"idempotent"
// instead, so such a checkout still paid with no key and a re-run paid again.

it.each(['Idempotence-Key', 'X-Idempotent-Key'])(
  "a checkout given a `%s` header (its options, the client's) is refused: nothing paid",
  async (header) => {
    const { client, order, charges, gate } = await inMemorySubscriber(`ie-${header}@example.com`);
    const headers = { [header]: 'order-1' };
    const refused = [
      await client.consumables.checkout(order, { headers }).catch((e: unknown) => e),
      await Promise.resolve()
        .then(() => client.withOptions({ headers }).consumables.checkout(order))
        .catch((e: unknown) => e),
    ];
    for (const error of refused) {
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ field: 'key', mayHaveBeenProcessed: false });
      expect(String(error)).toContain(`'${header}'`);
    }
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  },
);

it('a checkout given `idempotentKey` in its order, plain or keyed, is refused: nothing recorded', async () => {
  const { client, order, charges, gate } = await inMemorySubscriber('ie-body@example.com');
  const journal = memoryJournal();
  for (const keyed of [{}, { key: 'ie-body', journal }]) {
    const given = { ...order, idempotentKey: 'order-2', ...keyed };
    const refused = await client.consumables.checkout(given).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'key' });
    expect(String(refused)).toContain('`idempotentKey`');
  }
  expect(await journal.get('ie-body')).toBeUndefined();
  expect(gate.sent()).toBe(0);
  expect(charges()).toBe(0);
});

it('consumables.consume given an `Idempotence-Key` header: refused, no unit used', async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'ie-consume@example.com' });
  const { client, sent } = recordingInMemoryClient(simulator, user.token);
  const options = { headers: { 'Idempotence-Key': 'use-1' } };
  const refused = await client.consumables.consume('ai-credits', options).catch((e: unknown) => e);
  expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'key' });
  expect(String(refused)).toContain('is read by no consumables.consume');
  expect(sent).toEqual([]);
});
