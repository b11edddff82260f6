import { describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  memoryJournal,
  type RequestOptions,
} from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { teamPurchase } from '../support/team-purchase.js';

// From JavaScript, a keyed checkout written as `checkout(order, { key, journal })` (the key in the
// request options, where TypeScript refuses it) was sent as a plain checkout: the key and journal
// read by nothing, the order paid with no record, so a re-run paid again (newuser13). It is refused
// before anything is sent, naming where the key goes.

const server = useMockServer({ subscriptionDelayMs: 5 });

describe('a checkout whose key is given in its request options', () => {
  it.each(['key', 'journal', 'identity'])('refuses `%s` there, nothing sent', async (field) => {
    const client = createClient({
      baseUrl: server().url,
      token: server().simulator.users.owner.token,
    });
    const { subscription } = await client.purchase(teamPurchase(5));
    const charges = server().simulator.charges.length;
    const given = { key: 'order-7', journal: memoryJournal(), identity: 'billing-bot' };
    const options = { [field]: given[field as keyof typeof given] } as unknown as RequestOptions;
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };

    const refused = await client.consumables
      .checkout(order, options)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field, mayHaveBeenProcessed: false });
    expect((refused as Error).message).toMatch(
      /goes with the order, in checkout's first argument.*Nothing was sent/,
    );
    expect(server().simulator.charges).toHaveLength(charges);

    // As told: the key with the order is a keyed checkout, its re-run replayed, paid once.
    const keyed = { ...order, key: `order-${field}`, journal: memoryJournal() };
    const first = await client.consumables.checkout(keyed);
    await expect(client.consumables.checkout(keyed)).resolves.toEqual(first);
    expect(server().simulator.charges).toHaveLength(charges + 1);
  });

  it('leaves request options without them as they were', async () => {
    const client = createClient({
      baseUrl: server().url,
      token: server().simulator.users.owner.token,
    });
    const { subscription } = await client.purchase(teamPurchase(5));
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    await expect(client.consumables.checkout(order, { timeout: 5_000 })).resolves.toBeDefined();
  });
});

// The same guess elsewhere (newuser14): a purchase's second argument, a pay call's body or
// options, the client's options. Each was read by nothing: the bag paid with no key (a re-run
// paid again), or the key recorded in the client's memory journal rather than the durable one.
describe('a key, journal or identity given where nothing reads it', () => {
  const given = { key: 'order-8', journal: memoryJournal(), identity: 'billing-bot' };
  const fields = ['key', 'journal', 'identity'] as const;

  it.each(fields)('purchase refuses `%s` as a second argument, nothing sent', async (field) => {
    const client = createClient({
      baseUrl: server().url,
      token: server().simulator.users.owner.token,
    });
    const charges = server().simulator.charges.length;
    const purchase = client.purchase as (...args: unknown[]) => Promise<unknown>;
    const refused = await purchase
      .call(client, teamPurchase(5), { [field]: given[field] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field, mayHaveBeenProcessed: false });
    expect((refused as Error).message).toMatch(
      /goes with the order, in purchase's only argument: a second one is read by nothing\. Nothing was sent/,
    );
    expect(server().simulator.charges).toHaveLength(charges);
  });

  it.each(fields)('pay.bag refuses `%s` in its body or options, nothing sent', async (field) => {
    const client = createClient({
      baseUrl: server().url,
      token: server().simulator.users.owner.token,
    });
    const plan = await client.plans.get('personal');
    const charges = server().simulator.charges.length;
    for (const [body, options] of [
      [{ [field]: given[field] }, undefined],
      [{}, { [field]: given[field] }],
    ] as const) {
      const bag = await client.checking.bag({ plans: [plan.id!] });
      const params = { token: bag.token, chosen_period: 'MONTH' as const, ...body };
      const refused = await client.pay
        .bag(params, options as RequestOptions | undefined)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InvalidRequestError);
      expect(refused).toMatchObject({ field, mayHaveBeenProcessed: false });
      expect((refused as Error).message).toMatch(
        /is read by no pay call \(it pays without a key\): to never pay twice, call client\.purchase\(\{ \.\.\.order, key, journal \}\)\. Nothing was sent/,
      );
    }
    expect(server().simulator.charges).toHaveLength(charges);
  });

  it.each(fields)('createClient and withOptions refuse `%s`, naming the keyed calls', (field) => {
    const options = { baseUrl: server().url, token: server().simulator.users.owner.token };
    const told =
      /is no client option: give it with each keyed call, in checkout's or purchase's first argument\. No client was made/;
    expect(() => createClient({ ...options, [field]: given[field] } as never)).toThrow(told);
    const client = createClient(options);
    expect(() => client.withOptions({ [field]: given[field] } as never)).toThrow(told);
    // One left undefined (a wrapper's spread) names nothing.
    expect(() => createClient({ ...options, [field]: undefined } as never)).not.toThrow();
  });
});
