// review13a refused a keyed checkout's `journal` (or `key`, `identity`) given in its request
// options: read by nothing, the key was recorded in the client's memory journal and a re-run after
// a restart paid again. The same mistake from JavaScript on the other money calls (redteam31):
// `client.purchase({ ...order, key }, { journal })` paid and recorded the key in memory only, and
// `client.pay.bag({ token, chosen_period, key })` (or a key in its request options) paid with no
// key at all, the `key` (or the journal, as JSON) sent to the service in the body. Each is refused,
// nothing sent.
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../../src/mock/index.js';
import {
  createClient,
  InvalidRequestError,
  memoryJournal,
  type ClientOptions,
} from '../../src/index.js';
import { recordingInMemoryClient } from '../support/recording-in-memory-client.js';
import { GOOD_CARD, teamPurchase } from '../support/team-purchase.js';

function buyer(email: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email });
  const { client, sent } = recordingInMemoryClient(simulator, user.token);
  return { simulator, client, sent };
}

const refused = (field: string) =>
  expect.objectContaining({ name: 'InvalidRequestError', field }) as unknown;

describe('a key or journal where a money call does not read it', () => {
  it.each([
    ['journal', { journal: memoryJournal() }],
    ['key', { key: 'order-2' }],
    ['identity', { identity: 'user-9' }],
  ])('client.purchase(order, { %s }): refused, nothing sent', async (field, misplaced) => {
    const { client, sent } = buyer('purchase-misplaced@example.com');
    const purchase = client.purchase as (...args: unknown[]) => Promise<unknown>;
    const error = await purchase
      .call(client, { ...teamPurchase(1), key: 'order-1' }, misplaced)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toEqual(refused(field));
    expect(sent).toEqual([]);
  });

  it('client.purchase(order, { journal: undefined }) (a spread) names nothing: it buys', async () => {
    const { client, simulator } = buyer('purchase-spread@example.com');
    const purchase = client.purchase as (...args: unknown[]) => Promise<unknown>;
    await purchase.call(client, teamPurchase(1), { journal: undefined });
    expect(simulator.charges).toHaveLength(1);
  });

  it.each([
    ['key in its params', { key: 'bag-1' }, undefined, 'key'],
    ['journal in its params', { journal: memoryJournal() }, undefined, 'journal'],
    ['key in its request options', {}, { key: 'bag-1' }, 'key'],
    ['journal in its request options', {}, { journal: memoryJournal() }, 'journal'],
  ])('client.pay.bag with a %s: refused, nothing paid', async (_, extra, options, field) => {
    const { client, simulator, sent } = buyer('pay-misplaced@example.com');
    const plan = await client.plans.get('team-per-team');
    const bag = await client.checking.bag({ plans: [plan.id!], team_seats: 2 });
    await client.card.register(GOOD_CARD);
    const pay = client.pay.bag as (...args: unknown[]) => Promise<unknown>;
    const error = await pay
      .call(client.pay, { token: bag.token, chosen_period: 'MONTH', ...extra }, options)
      .catch((e: unknown) => e);
    expect(error).toEqual(refused(field));
    expect((error as Error).message).toMatch(/client\.purchase/);
    expect(sent.filter((request) => request.endsWith('/pay'))).toEqual([]);
    expect(simulator.charges).toHaveLength(0);
  });
});

describe('a journal or identity given with no key (a key read from a missing field)', () => {
  it.each([
    ['journal', { journal: memoryJournal() }],
    ['identity', { identity: 'user-9' }],
  ])('client.purchase({ ...order, %s }): refused, nothing sent', async (_, keyless) => {
    const { client, sent } = buyer('purchase-keyless@example.com');
    const order = { ...teamPurchase(1), key: undefined, ...keyless };
    const error = await client.purchase(order).catch((e: unknown) => e);
    expect(error).toEqual(refused('key'));
    expect(sent).toEqual([]);
  });

  it.each([
    ['journal', { journal: memoryJournal() }],
    ['identity', { identity: 'user-9' }],
  ])('client.consumables.checkout({ ...order, %s }): refused, nothing sent', async (_, keyless) => {
    const { client, simulator, sent } = buyer('checkout-keyless@example.com');
    const { subscription } = await client.purchase(teamPurchase(1));
    sent.length = 0;
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
    const error = await client.consumables
      .checkout({ ...order, key: undefined, ...keyless })
      .catch((e: unknown) => e);
    expect(error).toEqual(refused('key'));
    expect(sent).toEqual([]);
    // Without them, an order with no key is paid as before.
    await client.consumables.checkout({ ...order, key: undefined, journal: undefined });
    expect(simulator.charges.filter((c) => c.kind === 'consumable-checkout')).toHaveLength(1);
  });
});

describe('a key, journal or identity given as a client option', () => {
  it.each([
    ['journal', { journal: memoryJournal() }],
    ['key', { key: 'order-1' }],
    ['identity', { identity: 'user-9' }],
  ])('createClient({ ..., %s }) and withOptions: refused', (field, misplaced) => {
    const options = { baseUrl: 'http://simulator.test', token: 't', logLevel: 'off' as const };
    expect(() => createClient({ ...options, ...misplaced } as ClientOptions)).toThrow(
      refused(field) as Error,
    );
    const client = createClient(options);
    expect(() => client.withOptions(misplaced as Partial<ClientOptions>)).toThrow(
      refused(field) as Error,
    );
    // Left undefined (a spread), it names nothing.
    expect(() => createClient({ ...options, journal: undefined } as ClientOptions)).not.toThrow();
  });
});
