import { describe, expect, expectTypeOf, it } from 'vitest';
import { type CheckoutResult, type Consumable, type ConsumableList } from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';
import {
  consumable,
  expectJsonRequest,
  expectNoBody,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  onlyRequest,
  PAYMENT,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

const LIST = 'GET /v1/provisioning/me/consumables';

/**
 * live-api.md §1.6: the deployed server groups consumables by resource type, and every group
 * repeats all the items of its type. Here items 1 and 2 appear in both void groups, item 3 once.
 */
const GROUPED = {
  mentorship_service_sets: [],
  cohort_sets: [
    {
      id: 4,
      slug: 'team-cohorts',
      balance: { unit: 5 },
      items: [consumable(3, { subscription_seat: null, user: null })],
    },
  ],
  event_type_sets: [],
  voids: [
    {
      id: 9,
      slug: 'ai-credits',
      balance: { unit: -1 },
      items: [consumable(1), consumable(2, { how_many: -1 })],
    },
    {
      id: 10,
      slug: 'ai-credits-extra',
      balance: { unit: -1 },
      items: [consumable(1), consumable(2, { how_many: -1 })],
    },
  ],
};

describe('consumables.list', () => {
  it('sends GET /v1/provisioning/me/consumables with no body', async () => {
    server.use(answer(LIST, GROUPED));
    const listing = await testClient().consumables.list();

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/provisioning/me/consumables');
    expectStandardHeaders(request);
    expectNoBody(request);

    expectTypeOf(listing).toEqualTypeOf<ConsumableList>();
    expect(listing).toEqual(GROUPED);
  });
});

describe('consumables.items', () => {
  it('returns the items of a plain array', async () => {
    server.use(answer(LIST, [consumable(1), consumable(2)]));
    const items = await testClient().consumables.items();

    expectTypeOf(items).toEqualTypeOf<Consumable[]>();
    expect(items.map((item) => item.id)).toEqual([1, 2]);
  });

  it('returns the items of {consumables: [...]}', async () => {
    server.use(answer(LIST, { consumables: [consumable(1), consumable(2), consumable(3)] }));
    const items = await testClient().consumables.items();
    expect(items.map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it("returns every consumable once from the deployed server's repeated groups", async () => {
    server.use(answer(LIST, GROUPED));
    const items = await testClient().consumables.items();

    const ids = items.map((item) => item.id);
    expect(ids).toHaveLength(3);
    expect(new Set(ids)).toEqual(new Set([1, 2, 3]));
    const unlimited = items.find((item) => item.id === 2);
    expect(unlimited?.how_many).toBe(-1);
    // The team pool keeps its null user; unknown fields pass through.
    const pooled = items.find((item) => item.id === 3);
    expect(pooled?.user).toBeNull();
    expect(pooled?.subscription_billing_team).toBe(7);
    expect(pooled?.subscription).toBe(123);
  });

  it('returns an empty list when every group is empty', async () => {
    server.use(
      answer(LIST, {
        mentorship_service_sets: [],
        cohort_sets: [],
        event_type_sets: [],
        voids: [],
      }),
    );
    expect(await testClient().consumables.items()).toEqual([]);
  });
});

describe('consumables.checkout', () => {
  it('sends POST /v2/payments/consumable/checkout with service, how_many and subscription', async () => {
    server.use(answer('POST /v2/payments/consumable/checkout', PAYMENT, { status: 201 }));
    const result = await testClient().consumables.checkout({
      service: 'ai-credits',
      how_many: 10,
      subscription: 123,
    });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/payments/consumable/checkout');
    expectStandardHeaders(request);
    expectJsonRequest(request, { service: 'ai-credits', how_many: 10, subscription: 123 });

    expectTypeOf(result).toEqualTypeOf<CheckoutResult>();
    expect(result.id).toBe(7018);
    expect(result.amount).toBe('239.995');
    expect(result.status).toBe('FULFILLED');
    expect(result.currency).toEqual({ code: 'USD', name: 'US Dollar' });
  });

  it.each([1, 250])('accepts how_many %d and sends it', async (how_many) => {
    server.use(answer('POST /v2/payments/consumable/checkout', PAYMENT, { status: 201 }));
    await testClient().consumables.checkout({ service: 'ai-credits', how_many, subscription: 123 });

    const request = await onlyRequest(service);
    expect(request.body).toEqual({ service: 'ai-credits', how_many, subscription: 123 });
  });

  it.each([0, -1, -2, 2.5])(
    'rejects how_many %d before sending anything (-1, unlimited, is never bought)',
    async (how_many) => {
      await expectRejectedBeforeSending(
        testClient().consumables.checkout({ service: 'ai-credits', how_many, subscription: 123 }),
        'how_many',
        seen,
      );
    },
  );

  it('rejects an empty service slug before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().consumables.checkout({ service: '', how_many: 1, subscription: 123 }),
      'service',
      seen,
    );
  });

  it('rejects a checkout without a subscription before sending anything (SERVICE.md needs it)', async () => {
    await expectRejectedBeforeSending(
      testClient().consumables.checkout({ service: 'ai-credits', how_many: 1 }),
      'subscription',
      seen,
    );
  });

  it('rejects a service that is neither a slug nor a positive id before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().consumables.checkout({ service: 0, how_many: 1, subscription: 123 }),
      'service',
      seen,
    );
  });

  it('rejects a non-integer subscription id before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().consumables.checkout({ service: 'ai-credits', how_many: 1, subscription: 1.5 }),
      'subscription',
      seen,
    );
  });
});
