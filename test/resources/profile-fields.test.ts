import { describe, expect, it } from 'vitest';
import { answer, testClient, useMockService } from '../support/msw.js';
import { expectRejectedBeforeSending, onlyRequest, PAYMENT, SEATS } from './fixtures.js';

// The fields the deployed server needs beyond SERVICE.md are typed arguments now (issue 23), so
// they are checked like every other field: a bad one is refused before anything is sent, a good
// one goes out as given.
const service = useMockService();
const { server, seen } = service;
const client = () => testClient({ profile: 'deployed' });
const CARD = { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' };

describe("the deployed server's extra fields", () => {
  it('are sent as given: academy on the card, payment_method_id, cohort_id, academy on checkout', async () => {
    server.use(answer('POST /v1/payments/card', { status: 'ok' }));
    await client().card.register({ ...CARD, academy: 'downtown' });
    expect((await onlyRequest(service)).body).toMatchObject({ academy: 'downtown' });

    seen.length = 0;
    server.use(answer('POST /v1/payments/pay', PAYMENT, { status: 201 }));
    await client().pay.bag({ token: 't', chosen_period: 'MONTH', payment_method_id: 3 });
    expect((await onlyRequest(service)).body).toMatchObject({ payment_method_id: 3 });

    seen.length = 0;
    server.use(answer('PUT /v2/payments/subscription/123/billing-team/seat', [SEATS[1]]));
    await client().seats.add(123, [{ email: 'ada@example.com', cohort_id: 55 }]);
    expect((await onlyRequest(service)).body).toEqual({
      add_seats: [{ email: 'ada@example.com', cohort_id: 55 }],
    });

    seen.length = 0;
    server.use(answer('POST /v2/payments/consumable/checkout', PAYMENT, { status: 201 }));
    await client().consumables.checkout({
      service: 'ai-credits',
      how_many: 1,
      subscription: 123,
      academy: 1,
    });
    expect((await onlyRequest(service)).body).toMatchObject({ academy: 1 });
  });

  it('are refused before sending when they are not ids', async () => {
    const bad = (value: unknown) => value as never;
    await expectRejectedBeforeSending(
      client().card.register({ ...CARD, academy: bad('') }),
      'academy',
      seen,
    );
    await expectRejectedBeforeSending(
      client().pay.bag({ token: 't', chosen_period: 'MONTH', payment_method_id: bad('3') }),
      'payment_method_id',
      seen,
    );
    await expectRejectedBeforeSending(
      client().seats.add(123, [{ email: 'ada@example.com', cohort_id: 0 }]),
      'add_seats.0.cohort_id',
      seen,
    );
    await expectRejectedBeforeSending(
      client().consumables.checkout({
        service: 'ai-credits',
        how_many: 1,
        subscription: 123,
        academy: bad(1.5),
      }),
      'academy',
      seen,
    );
  });
});
