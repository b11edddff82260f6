import { describe, expect, expectTypeOf, it } from 'vitest';
import { BadRequestError, type CardResult, type Payment } from '../../src/index.js';
import { answer, TOKEN, testClient, useMockService } from '../support/msw.js';
import {
  expectJsonRequest,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  onlyRequest,
  PAYMENT,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

const CARD = {
  card_number: '4242424242424242',
  cvc: '123',
  exp_month: '12',
  exp_year: '2035',
  academy: 1,
};

describe('card.register', () => {
  it('sends PUT /v1/payments/card with the card fields, further fields included', async () => {
    server.use(answer('PUT /v1/payments/card', { status: 'ok' }));
    const result = await testClient().card.register(CARD);

    const request = await onlyRequest(service);
    expect(request.method).toBe('PUT');
    expect(request.path).toBe('/v1/payments/card');
    expectStandardHeaders(request);
    expectJsonRequest(request, CARD);

    expectTypeOf(result).toEqualTypeOf<CardResult>();
    expect(result).toEqual({ status: 'ok' });
  });

  it('keeps the unknown fields of the answer (the v2 `details`)', async () => {
    const details = { card_last4: '4242', card_brand: 'Visa', card_exp_month: 12 };
    server.use(answer('PUT /v1/payments/card', { status: 'ok', details }));
    const result = await testClient().card.register(CARD);
    expect(result.details).toEqual(details);
  });

  it('rejects a card number with letters before sending anything, without echoing it', async () => {
    const card_number = '4242abcd42424242';
    const error = await expectRejectedBeforeSending(
      testClient().card.register({ ...CARD, card_number }),
      'card_number',
      seen,
    );
    expect(error.message).not.toContain(card_number);
    expect(JSON.stringify(error)).not.toContain(card_number);
  });

  it('rejects a CVC that is not 3 or 4 digits before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().card.register({ ...CARD, cvc: '12' }),
      'cvc',
      seen,
    );
  });

  it('never shows the card number, the CVC or the token in an error built from the answer', async () => {
    server.use(
      answer(
        'PUT /v1/payments/card',
        {
          detail: `Card declined: ${CARD.card_number} / ${CARD.cvc}`,
          card_number: CARD.card_number,
        },
        { status: 400 },
      ),
    );
    const error = await testClient()
      .card.register(CARD)
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(BadRequestError);
    const printed = `${String(error)} ${JSON.stringify(error)}`;
    expect(printed).not.toContain(CARD.card_number);
    expect(printed).not.toContain(TOKEN);
    expect(printed).toContain('Card declined');
  });
});

describe('pay.bag', () => {
  it('sends POST /v1/payments/pay with the bag token and the chosen period', async () => {
    server.use(answer('POST /v1/payments/pay', PAYMENT, { status: 201 }));
    const payment = await testClient().pay.bag({
      token: '409a031c3ff6e2f55394722d4c05db63bd336df4',
      chosen_period: 'MONTH',
    });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payments/pay');
    expectStandardHeaders(request);
    expectJsonRequest(request, {
      token: '409a031c3ff6e2f55394722d4c05db63bd336df4',
      chosen_period: 'MONTH',
    });

    expectTypeOf(payment).toEqualTypeOf<Payment>();
    expect(payment.id).toBe(7018);
    expect(payment.amount).toBe('239.995');
    expect(payment.status).toBe('FULFILLED');
    expect(payment.coupons).toEqual(PAYMENT.coupons);
  });

  it('accepts a period the SDK does not list', async () => {
    server.use(answer('POST /v1/payments/pay', PAYMENT, { status: 201 }));
    await testClient().pay.bag({ token: 'bag-token', chosen_period: 'BIWEEKLY' });
    const request = await onlyRequest(service);
    expect(request.body).toEqual({ token: 'bag-token', chosen_period: 'BIWEEKLY' });
  });

  it('rejects an empty token before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().pay.bag({ token: '', chosen_period: 'MONTH' }),
      'token',
      seen,
    );
  });

  it('rejects an empty chosen period before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().pay.bag({ token: 'bag-token', chosen_period: '' }),
      'chosen_period',
      seen,
    );
  });
});
