import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// Loose request objects pass unknown fields through, so zod's copy of a checkout or a card keeps
// an own `toJSON` key, and JSON.stringify sends what that returns instead of the fields checked:
// an amount never checked (and, keyed, recorded as asked), a card number the client never learned
// as a secret. Such an input is refused before anything is sent.
async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'own-tojson@example.com' });
  const sent: string[] = [];
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') sent.push(await request.clone().text());
      return simulator.handle(request);
    },
  });
  const { subscription } = await client.purchase(teamPurchase(1));
  sent.length = 0;
  return { client, subscription, sent };
}

describe('an input with its own toJSON', () => {
  for (const key of ['keyed', undefined]) {
    it(`a ${key ?? 'plain'} checkout whose toJSON asks for another amount: refused, nothing sent`, async () => {
      const { client, subscription, sent } = await setUp();
      const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
      const disguised = { ...order, toJSON: () => ({ ...order, how_many: 1000 }) };
      const error: unknown = await client.consumables
        .checkout({ ...disguised, key, journal: memoryJournal() })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(sent).toEqual([]);
    });
  }

  it('a card whose toJSON sends another number: refused, nothing sent', async () => {
    const { client, sent } = await setUp();
    const card = { card_number: '4242424242424242', cvc: '123', exp_month: 12, exp_year: 2030 };
    const disguised = { ...card, toJSON: () => ({ ...card, card_number: '5555555555554444' }) };
    const error: unknown = await client.card.register(disguised).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(sent).toEqual([]);
  });

  it('a Date among extra fields is still data (sent as its ISO text)', async () => {
    const { client, subscription, sent } = await setUp();
    const at = new Date(Date.UTC(2026, 0, 2));
    await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 1,
      subscription: subscription.id,
      ordered_at: at,
    } as never);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ how_many: 1, ordered_at: at.toISOString() });
  });
});
