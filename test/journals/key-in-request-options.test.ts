import { describe, expect, it } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  memoryJournal,
  type RequestOptions,
} from '../../src/index.js';
import { useMockServer } from '../support/mock-server.js';
import { teamPurchase } from '../support/team-purchase.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

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
    const receipt = await client.consumables.checkout(order, { timeout: 5_000 });
    expect(receipt).toMatchObject(latestCheckoutReceipt(server().simulator));
  });
});
