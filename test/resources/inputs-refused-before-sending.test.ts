import { describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError, type SeatpayClient } from '../../src/index.js';

// Resources name the schemas they check with (size12): each method still refuses a wrong input
// with an InvalidRequestError before anything is sent (review12b). A fetch that records and
// answers nothing: no service runs.

const bad = 'not a number' as unknown as number;
const CALLS: Record<string, (client: SeatpayClient) => Promise<unknown>> = {
  'billingTeam.get': (c) => c.billingTeam.get(bad),
  'billingTeam.update': (c) => c.billingTeam.update(7, { max_seats: 'ten' } as never),
  'billingTeam.replace': (c) => c.billingTeam.replace(7, 42 as never),
  'card.register': (c) => c.card.register({ card_number: 4242 } as never),
  'checking.preview': (c) => c.checking.preview(null as never),
  'checking.bag': (c) => c.checking.bag(null as never),
  'consumables.consume': (c) => c.consumables.consume(''),
  'consumables.checkout': (c) => c.consumables.checkout({ how_many: 'x' } as never),
  'media.operationType': (c) => c.media.operationType(''),
  'media.uploadChunk': (c) => c.media.uploadChunk(null as never),
  'media.finalize': (c) => c.media.finalize(null as never),
  'pay.bag': (c) => c.pay.bag(null as never),
  'plans.get': (c) => c.plans.get(''),
  'seats.list': (c) => c.seats.list(bad),
  'seats.add': (c) => c.seats.add(7, [{ email: 42 }] as never),
  'seats.replace': (c) => c.seats.replace(7, 'all' as never),
  'seats.remove': (c) => c.seats.remove(7, bad),
};

describe('a wrong input to each resource method', () => {
  it('is refused with an InvalidRequestError, nothing sent', async () => {
    const sent: string[] = [];
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token: 't0k',
      logLevel: 'off',
      maxRetries: 0,
      fetch: (input) => {
        sent.push(String(input instanceof Request ? input.url : input));
        return Promise.reject(new Error('no service here'));
      },
    });
    for (const [name, call] of Object.entries(CALLS)) {
      const error = await call(client).catch((caught: unknown) => caught);
      expect(error, name).toBeInstanceOf(InvalidRequestError);
    }
    expect(sent).toEqual([]);
  });
});
