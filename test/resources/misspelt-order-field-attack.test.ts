import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { recordedOwners } from '../support/recorded-owner.js';

// redteam52: a money call's order with a field misspelt, from JavaScript. The order's other
// fields pass through to the service, so `checkout({ service, how_many: 2, subscriptoin: 7 })` paid
// on the deployed profile: two units bought as the buyer's own, none added to subscription 7, and
// under `profile: 'spec'` it was refused as "subscription: required", the misspelt name unnamed.
// A near miss of a field the call reads is refused now before anything is sent or recorded,
// naming it and the field meant; a field near none (the deployed server's `coupons`) still passes.
const ownerOf = recordedOwners();

function ownerClient(profile: 'spec' | 'deployed') {
  return ownerOf(profile);
}

const untyped = (order: object) => order as never;
const refusalOf = (call: () => Promise<unknown>) => call().catch((error: unknown) => error);

describe.each(['spec', 'deployed'] as const)('profile %s', (profile) => {
  it.each([
    ['subscriptoin', 'subscription', { service: 'ai-credits', how_many: 2, subscriptoin: 7 }],
    ['howMany', 'how_many', { service: 'ai-credits', howMany: 2, subscription: 7 }],
    ['Service', 'service', { Service: 'ai-credits', how_many: 2, subscription: 7 }],
  ])('checkout with `%s`: refused naming `%s`, nothing sent', async (name, meant, order) => {
    const { client, sent, charges } = ownerClient(profile);
    const refused = await refusalOf(() =>
      client.consumables.checkout(untyped({ ...order, academy: 1 })),
    );
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
    expect(String(refused)).toContain(`did you mean \`${meant}\`?`);
    expect(sent).toEqual([]);
    expect(charges()).toBe(0);
  });

  it('a keyed checkout: refused before its key is recorded', async () => {
    const { client, sent } = ownerClient(profile);
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 2, subscriptoin: 7, academy: 1 };
    const refused = await refusalOf(() =>
      client.consumables.checkout(untyped({ ...order, key: 'typo-1', journal })),
    );
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'subscriptoin' });
    expect(await journal.get('typo-1')).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('pay.bag with `paymnet_method_id`: refused naming `payment_method_id`', async () => {
    const { client, sent } = ownerClient(profile);
    const params = { token: 'bag-1', chosen_period: 'MONTH', paymnet_method_id: 1 };
    const refused = await refusalOf(() => client.pay.bag(untyped(params)));
    expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'paymnet_method_id' });
    expect(String(refused)).toContain('did you mean `payment_method_id`?');
    expect(sent).toEqual([]);
  });
});

it("a field near none of the order's goes to the service as before (a `note`, pay's `coupons`)", async () => {
  const { client, sent } = ownerClient('deployed');
  const order = { service: 'ai-credits', how_many: 2, academy: 1, note: 'x' };
  await expect(client.consumables.checkout(untyped(order))).resolves.toMatchObject({
    id: expect.any(Number),
  });
  await refusalOf(() =>
    client.pay.bag(untyped({ token: 'bag-1', chosen_period: 'MONTH', coupons: [] })),
  );
  expect(sent).toEqual(['POST /v2/payments/consumable/checkout', 'POST /v1/payments/pay']);
});

// redteam55: a field written another way than its near misses slipped past them to the service,
// read by nothing there: a trailing id (`subscription_id`), full-width letters, invisible
// characters, pay's `tokenId`. And the field written another way beside it, with another value
// (`{ subscription: 7, Subscription: 8 }`): which one was meant? Each is refused before sending.
const FULL_WIDTH = 'ｓｕｂｓｃｒｉｐｔｉｏｎ';
const INVISIBLE = 'sub\u200bscrip\u00adti\u200bon\u2060';

describe.each(['spec', 'deployed'] as const)(
  'profile %s: a field written another way',
  (profile) => {
    const order = { service: 'ai-credits', how_many: 2, academy: 1 };
    it.each([
      ['subscription_id', 'subscription', { ...order, subscription_id: 7 }],
      ['SUBSCRIPTION_ID', 'subscription', { ...order, SUBSCRIPTION_ID: 7 }],
      [FULL_WIDTH, 'subscription', { ...order, [FULL_WIDTH]: 7 }],
      [INVISIBLE, 'subscription', { ...order, [INVISIBLE]: 7 }],
      ['How Many Id', 'how_many', { service: 'ai-credits', 'How Many Id': 2, subscription: 7 }],
    ])('checkout with `%s`: refused naming `%s`, nothing sent', async (name, meant, given) => {
      const { client, sent, charges } = ownerClient(profile);
      const refused = await refusalOf(() => client.consumables.checkout(untyped(given)));
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
      expect(String(refused)).toContain(`did you mean \`${meant}\`?`);
      expect(sent).toEqual([]);
      expect(charges()).toBe(0);
    });

    it.each([
      ['Subscription', 'subscription', { ...order, subscription: 7, Subscription: 8 }],
      ['how-many', 'how_many', { ...order, subscription: 7, 'how-many': 20 }],
      [FULL_WIDTH, 'subscription', { ...order, subscription: 7, [FULL_WIDTH]: 8 }],
    ])(
      'checkout with `%s` beside `%s`, another value: refused naming both',
      async (name, field, given) => {
        const { client, sent, charges } = ownerClient(profile);
        const journal = memoryJournal();
        const refused = await refusalOf(() =>
          client.consumables.checkout(untyped({ ...given, key: 'twice-1', journal })),
        );
        expect(refused).toBeInstanceOf(InvalidRequestError);
        expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
        expect(String(refused)).toContain(`\`${name}\` and \`${field}\` are the same field`);
        expect(await journal.get('twice-1')).toBeUndefined();
        expect(sent).toEqual([]);
        expect(charges()).toBe(0);
      },
    );

    it.each([
      ['tokenId', 'token', { tokenId: 'bag-1', chosen_period: 'MONTH', payment_method_id: 1 }],
      [
        'payment_method',
        'payment_method_id',
        { token: 'bag-1', chosen_period: 'MONTH', payment_method: 1 },
      ],
    ])('pay.bag with `%s`: refused naming `%s`, nothing sent', async (name, meant, params) => {
      const { client, sent } = ownerClient(profile);
      const refused = await refusalOf(() => client.pay.bag(untyped(params)));
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field: name, mayHaveBeenProcessed: false });
      expect(String(refused)).toContain(`did you mean \`${meant}\`?`);
      expect(sent).toEqual([]);
    });

    it('pay.bag with `Token` beside `token`, another value: refused, nothing sent', async () => {
      const { client, sent } = ownerClient(profile);
      const params = { token: 'bag-1', Token: 'bag-2', chosen_period: 'MONTH' };
      const refused = await refusalOf(() => client.pay.bag(untyped(params)));
      expect(refused).toMatchObject({ name: 'InvalidRequestError', field: 'Token' });
      expect(String(refused)).toContain('`Token` and `token` are the same field');
      expect(sent).toEqual([]);
    });
  },
);

it('a field written another way beside it with the same value, and a plain order, go through', async () => {
  const { client, sent, charges } = ownerClient('deployed');
  const order = { service: 'ai-credits', how_many: 2, academy: 1 };
  const bought = { id: expect.any(Number) };
  await expect(
    client.consumables.checkout(untyped({ ...order, 'How Many': 2, Academy_Id: 1 })),
  ).resolves.toMatchObject(bought);
  await expect(client.consumables.checkout(order)).resolves.toMatchObject(bought);
  expect(sent).toEqual(Array(2).fill('POST /v2/payments/consumable/checkout'));
  expect(charges()).toBe(2);
});
