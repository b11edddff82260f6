import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentSchema, SubscriptionListSchema } from '../../src/schemas/index.js';
import {
  buy,
  call,
  closeServers,
  expectSchema,
  startServer,
  waitForNewSubscription,
} from './support.js';

afterEach(closeServers);
afterEach(() => void vi.useRealTimers());

/**
 * The simulator's clock made vitest's: a subscription appears when the test moves time past its
 * delay, never because the machine was slow between two requests (the HTTP server and fetch keep
 * their own timers, so requests still flow).
 */
const SUBSCRIPTION_DELAY = 60_000;
async function startServerOnTestClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return startServer({ subscriptionDelayMs: SUBSCRIPTION_DELAY });
}

type Tokens = { preview: string; bag: string };
const CARD = { card_number: '4242424242424242', cvc: '123' };

describe('card', () => {
  it('keeps only the last four digits and never echoes the card', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    const ok = await call(server, token, 'PUT', '/v1/payments/card', { ...CARD, exp_month: '12' });
    expect(ok).toMatchObject({ status: 200, body: { status: 'ok' } });
    const bad = await call(server, token, 'PUT', '/v1/payments/card', {
      card_number: '4242-4242',
      cvc: 98765,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['card_number', 'cvc', 'status_code']);
    expect(JSON.stringify(bad.body)).not.toMatch(/4242|98765/);
  });
});

describe('pay', () => {
  it('charges once, answers 201 with a FULFILLED invoice, and creates the subscription later', async () => {
    const server = await startServerOnTestClock();
    const token = server.simulator.users.owner.token;
    const bag = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [1],
      team_seats: 2,
    });
    await call(server, token, 'PUT', '/v1/payments/card', CARD);
    const paid = await call(server, token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'MONTH',
    });
    expect(paid.status).toBe(201);
    expectSchema(PaymentSchema, paid.body);
    expect(paid.body).toMatchObject({
      amount: '89.99',
      status: 'FULFILLED',
      currency: { code: 'USD' },
    });
    const right = await call(server, token, 'GET', '/v1/payments/me/subscription');
    expect(right.body.subscriptions).toEqual([]);
    await vi.advanceTimersByTimeAsync(SUBSCRIPTION_DELAY);
    const subscription = await waitForNewSubscription(server, token);
    expect(subscription).toMatchObject({
      status: 'ACTIVE',
      plans: [{ id: 1, slug: 'team-per-seat' }],
      seats_limit: 2,
      seats_count: 1,
      has_billing_team: true,
    });
    expect(server.simulator.charges).toEqual([
      expect.objectContaining({
        kind: 'payment',
        amount: '89.99',
        user: 1,
        subscription: subscription.id,
      }),
    ]);
  });

  it('lists the subscription in the SDK schema, without a team when the bag had no seats', async () => {
    const server = await startServer();
    await buy(server, 'personal');
    const { body } = await call(
      server,
      server.simulator.users.owner.token,
      'GET',
      '/v1/payments/me/subscription',
    );
    expectSchema(SubscriptionListSchema, body);
    expect(body.plan_financings).toEqual([]);
    expect(body.subscriptions[0]).toMatchObject({
      has_billing_team: false,
      seats_limit: null,
      seats_count: null,
    });
  });

  it.each([
    [
      'an unknown token',
      () => ({ token: 'f'.repeat(40), chosen_period: 'MONTH' }),
      404,
      'Invalid bag token',
    ],
    [
      'a preview token',
      (tokens: Tokens) => ({ token: tokens.preview, chosen_period: 'MONTH' }),
      404,
      'Invalid bag token',
    ],
    [
      'a disabled period',
      (tokens: Tokens) => ({ token: tokens.bag, chosen_period: 'QUARTER' }),
      400,
      'The chosen period is not available for this bag',
    ],
  ])('refuses to pay %s and charges nothing', async (_label, bodyFor, status, detail) => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    const preview = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'PREVIEW',
      plans: [1],
    });
    const bag = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [1],
    });
    await call(server, token, 'PUT', '/v1/payments/card', CARD);
    const answer = await call(
      server,
      token,
      'POST',
      '/v1/payments/pay',
      bodyFor({ preview: preview.body.token, bag: bag.body.token }),
    );
    expect(answer).toMatchObject({ status, body: { detail, status_code: status } });
    expect(server.simulator.charges).toEqual([]);
  });

  it.each([
    [{ chosen_period: 'MONTH' }, 'token'],
    [{ token: 'abc' }, 'chosen_period'],
    [{ token: 'abc', chosen_period: 'WEEK' }, 'chosen_period'],
  ])('answers 400 for %j', async (body, field) => {
    const server = await startServer();
    const answer = await call(
      server,
      server.simulator.users.owner.token,
      'POST',
      '/v1/payments/pay',
      body,
    );
    expect(answer.status).toBe(400);
    expect(answer.body[field]).toEqual([expect.any(String)]);
  });

  it('refuses to pay without a card, and to pay the same bag twice', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    const bag = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [3],
    });
    const noCard = await call(server, token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'MONTH',
    });
    expect(noCard).toMatchObject({ status: 400, body: { detail: 'Missing card information' } });
    await call(server, token, 'PUT', '/v1/payments/card', CARD);
    const first = await call(server, token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'YEAR',
    });
    const again = await call(server, token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'YEAR',
    });
    expect([first.status, again.status]).toEqual([201, 404]);
    expect(server.simulator.charges.map((charge) => charge.amount)).toEqual(['199.99']);
  });

  it('does not let another user pay my bag', async () => {
    const server = await startServer();
    const { owner, member } = server.simulator.users;
    const bag = await call(server, owner.token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [3],
    });
    await call(server, member.token, 'PUT', '/v1/payments/card', CARD);
    const answer = await call(server, member.token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'MONTH',
    });
    expect(answer.status).toBe(404);
  });

  it('creates no subscription once the simulator is closed before the delay ends', async () => {
    const server = await startServerOnTestClock();
    const token = server.simulator.users.owner.token;
    const bag = await call(server, token, 'POST', '/v1/payments/checking', {
      type: 'BAG',
      plans: [3],
    });
    await call(server, token, 'PUT', '/v1/payments/card', CARD);
    await call(server, token, 'POST', '/v1/payments/pay', {
      token: bag.body.token,
      chosen_period: 'MONTH',
    });
    server.simulator.close();
    await vi.advanceTimersByTimeAsync(2 * SUBSCRIPTION_DELAY);
    const { body } = await call(server, token, 'GET', '/v1/payments/me/subscription');
    expect(body.subscriptions).toEqual([]);
  });
});
