import { describe, expect, expectTypeOf, it } from 'vitest';
import { ResponseValidationError, type SubscriptionList } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import {
  expectNoBody,
  expectStandardHeaders,
  onlyRequest,
  spyLogger,
  SUBSCRIPTIONS,
} from './fixtures.js';

const service = useMockService();
const { server } = service;

/** The listing with the first subscription's id as a string: a body that breaks the schema. */
const BROKEN = {
  ...SUBSCRIPTIONS,
  subscriptions: [{ ...SUBSCRIPTIONS.subscriptions[0], id: '123' }],
};

describe('subscriptions.list', () => {
  it('sends GET /v1/payments/me/subscription with no body', async () => {
    server.use(answer('GET /v1/payments/me/subscription', SUBSCRIPTIONS));
    await testClient().subscriptions.list();

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/payments/me/subscription');
    expectStandardHeaders(request);
    expectNoBody(request);
  });

  it('resolves to the listing, plan_financings and unknown fields included, amounts as decimal strings', async () => {
    server.use(answer('GET /v1/payments/me/subscription', SUBSCRIPTIONS));
    const listing = await testClient().subscriptions.list();

    expectTypeOf(listing).toEqualTypeOf<SubscriptionList>();
    expectTypeOf(listing.subscriptions[0]!.id).toEqualTypeOf<number>();
    expect(listing.subscriptions.map((subscription) => subscription.id)).toEqual([123]);
    expect(listing.subscriptions[0]?.plans?.[0]?.slug).toBe('team-per-seat');
    expect(listing.subscriptions[0]?.seats_limit).toBe(4);
    // The server sends the amount as a JSON number; seatpay hands out every amount as a string.
    expect(listing.subscriptions[0]?.next_renewal_amount).toBe('59.99');
    expect(listing.plan_financings).toEqual([]);
  });

  it('resolves to an empty listing', async () => {
    server.use(answer('GET /v1/payments/me/subscription', { subscriptions: [] }));
    expect(await testClient().subscriptions.list()).toEqual({ subscriptions: [] });
  });
});

describe('response validation', () => {
  it("rejects a body that breaks the schema with ResponseValidationError naming 'subscriptions.0.id'", async () => {
    server.use(answer('GET /v1/payments/me/subscription', BROKEN));
    const error = await testClient()
      .subscriptions.list()
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ResponseValidationError);
    const failure = error as ResponseValidationError;
    expect(failure.issues.map((issue) => issue.path)).toEqual([['subscriptions', 0, 'id']]);
    expect(failure.message).toContain('subscriptions.0.id');
    expect(failure.body).toEqual(BROKEN);
  });

  it('rejects a listing without its subscriptions array', async () => {
    server.use(answer('GET /v1/payments/me/subscription', { plan_financings: [] }));
    const error = await testClient()
      .subscriptions.list()
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['subscriptions']);
  });

  it("with validate: 'warn' returns the raw body and warns through the logger", async () => {
    server.use(answer('GET /v1/payments/me/subscription', BROKEN));
    const logger = spyLogger();
    const listing = await testClient({
      validate: 'warn',
      logger,
      logLevel: 'warn',
    }).subscriptions.list();

    expect(listing).toEqual(BROKEN);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]?.[0])).toContain('subscriptions.0.id');
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("with validate: 'off' returns the raw body without a word", async () => {
    server.use(answer('GET /v1/payments/me/subscription', BROKEN));
    const logger = spyLogger();
    const listing = await testClient({
      validate: 'off',
      logger,
      logLevel: 'debug',
    }).subscriptions.list();

    expect(listing).toEqual(BROKEN);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("with validate: 'off' leaves numbers as the service sent them (no conversion either)", async () => {
    server.use(
      answer('GET /v1/payments/plan/:slug', { slug: 'team-per-seat', price_per_month: 59.99 }),
    );
    const plan = await testClient({ validate: 'off' }).plans.get('team-per-seat');
    expect(plan.price_per_month).toBe(59.99);
  });
});
