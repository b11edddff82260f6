import { describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError, memoryJournal } from '../../src/index.js';

// A money call's request options nested in its order, as other SDKs and wrappers write them
// (`checkout({ ...order, options: { key } })`, `requestOptions: { idempotencyKey }`), were sent in
// the order's body and read by nothing: the order paid with no key (a re-run paid again), and an
// aborted signal there (sent as `{}`) stopped nothing. Each is refused now, nothing sent.
const ORDER = { service: 'ai-credits', how_many: 2, subscription: 101 };
const BAG = { token: 'bag_1', chosen_period: 'MONTH' as const };
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' };
const PURCHASE = { plan: 'team', team_seats: 2, card: CARD, chosen_period: 'MONTH' };

function countingClient() {
  const sent: string[] = [];
  const client = createClient({
    baseUrl: 'http://service.test',
    token: 'tok_nested_1',
    maxRetries: 0,
    logLevel: 'off',
    fetch: async (input, init) => {
      sent.push(await new Request(input, init).text());
      return Response.json({ id: 1 }, { status: 201 });
    },
  });
  return { client, sent };
}

const aborted = () => {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
};

const nestings: [string, () => Record<string, unknown>][] = [
  ['options: { key }', () => ({ options: { key: 'order-9' } })],
  ['requestOptions: { idempotencyKey }', () => ({ requestOptions: { idempotencyKey: 'order-9' } })],
  ['request_options: { idempotency_key }', () => ({ request_options: { idempotency_key: 'o-9' } })],
  ['options: { signal } (aborted)', () => ({ options: { signal: aborted() } })],
  ['requestOptions: { timeout }', () => ({ requestOptions: { timeout: 5 } })],
];

describe("a money call's request options nested in its order", () => {
  for (const [nested, extra] of nestings) {
    it(`checkout with ${nested}: refused, nothing sent`, async () => {
      const { client, sent } = countingClient();
      const field = Object.keys(extra())[0];
      const refused = client.consumables.checkout({ ...ORDER, ...extra() } as never);
      await expect(refused).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(refused).rejects.toMatchObject({
        field,
        message: expect.stringMatching(
          /^`\w+` is a request option.*second argument. Nothing was sent$/,
        ),
      });
      expect(sent).toEqual([]);
    });

    it(`a keyed checkout with ${nested}: refused, nothing sent or recorded`, async () => {
      const { client, sent } = countingClient();
      const journal = memoryJournal();
      const order = { ...ORDER, ...extra(), key: 'order-9', journal };
      await expect(client.consumables.checkout(order as never)).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
      expect(sent).toEqual([]);
      expect(await journal.get('order-9')).toBeUndefined();
    });

    it(`pay.bag with ${nested}: refused, nothing sent`, async () => {
      const { client, sent } = countingClient();
      await expect(client.pay.bag({ ...BAG, ...extra() } as never)).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
      expect(sent).toEqual([]);
    });

    it(`purchase with ${nested}: refused, nothing sent`, async () => {
      const { client, sent } = countingClient();
      await expect(client.purchase({ ...PURCHASE, ...extra() } as never)).rejects.toBeInstanceOf(
        InvalidRequestError,
      );
      expect(sent).toEqual([]);
    });
  }

  it('an order field of that name that is no object (a note) is still sent', async () => {
    const { client, sent } = countingClient();
    await client.consumables.checkout({ ...ORDER, options: 'gift' } as never);
    expect(sent).toHaveLength(1);
  });
});
