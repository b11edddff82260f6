import { describe, expect, expectTypeOf, it } from 'vitest';
import { NotFoundError, ResponseValidationError, VERSION, type Plan } from '../../src/index.js';
import { answer, TOKEN, testClient, useMockService } from '../support/msw.js';
import {
  expectNoBody,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  onlyRequest,
  PLAN,
  sent,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

describe('plans.get', () => {
  it('sends GET /v1/payments/plan/{slug} with the standard headers and no body', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    await testClient().plans.get('team-per-seat');

    const request = await onlyRequest(service);
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v1/payments/plan/team-per-seat');
    expectStandardHeaders(request);
    expectNoBody(request);
  });

  it('encodes the slug so that a space or a slash cannot change the path', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    const client = testClient();
    await client.plans.get('team per seat');
    await client.plans.get('team/../../admin');

    expect((await sent(service, 2)).map((request) => request.path)).toEqual([
      '/v1/payments/plan/team%20per%20seat',
      '/v1/payments/plan/team%2F..%2F..%2Fadmin',
    ]);
  });

  it('hands out prices that arrive as numbers as decimal strings and keeps unknown fields', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    const plan = await testClient().plans.get('team-per-seat');

    expectTypeOf(plan).toEqualTypeOf<Plan>();
    expectTypeOf(plan.price_per_month).toEqualTypeOf<string | null | undefined>();
    expect(plan.id).toBe(12);
    expect(plan.slug).toBe('team-per-seat');
    expect(plan.price_per_month).toBe('59.99');
    expect(plan.price_per_year).toBe('479.99');
    expect(plan.seat_service_price?.price_per_unit).toBe('12.5');
    expect(plan.consumption_strategy).toBe('PER_SEAT');
    expect(plan.service_items?.[0]?.how_many).toBe(-1);
    expect(plan.service_items?.[0]?.service.slug).toBe('ai-credits');
    // Fields the SDK does not model pass through untouched.
    expect(plan.currency).toEqual({ code: 'USD', name: 'US Dollar' });
    expect(plan.owner).toEqual({ id: 47, name: '4Geeks.com', slug: '4geeks' });
    expect(plan.price_per_quarter).toBeNull();
  });

  it('accepts a consumption strategy the SDK does not know yet', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { ...PLAN, consumption_strategy: 'BOTH' }));
    const plan = await testClient().plans.get('team-per-seat');
    expect(plan.consumption_strategy).toBe('BOTH');
  });

  it('rejects an empty slug before sending anything', async () => {
    await expectRejectedBeforeSending(testClient().plans.get(''), 'plan_slug', seen);
  });

  it('rejects a slug that is not a string before sending anything', async () => {
    const slug = 12 as unknown as string;
    await expectRejectedBeforeSending(testClient().plans.get(slug), 'plan_slug', seen);
  });

  it('turns a 404 into NotFoundError carrying the server message', async () => {
    server.use(
      answer(
        'GET /v1/payments/plan/:slug',
        { detail: 'Plan not found', status_code: 404 },
        { status: 404 },
      ),
    );
    const error = await testClient()
      .plans.get('not-found')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).status).toBe(404);
    expect((error as NotFoundError).message).toContain('Plan not found');
  });

  it('rejects a plan without a slug with ResponseValidationError naming it', async () => {
    const { slug: _slug, ...withoutSlug } = PLAN;
    server.use(answer('GET /v1/payments/plan/:slug', withoutSlug));
    const error = await testClient()
      .plans.get('team-per-seat')
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toContainEqual([
      'slug',
    ]);
  });
});

describe('request headers', () => {
  it('sends extra client headers on every call, and per-call headers on top of them', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    const client = testClient({ headers: { 'X-Trace-Id': 'client-trace', 'X-Tenant': 'client' } });
    await client.plans.get('team-per-seat', {
      headers: { 'X-Tenant': 'call', 'X-Call-Only': 'yes' },
    });
    await client.plans.get('team-per-seat');

    const [withCallHeaders, plain] = await sent(service, 2);
    expect(withCallHeaders?.headers['x-trace-id']).toBe('client-trace');
    expect(withCallHeaders?.headers['x-tenant']).toBe('call');
    expect(withCallHeaders?.headers['x-call-only']).toBe('yes');
    expect(plain?.headers['x-tenant']).toBe('client');
    expect(plain?.headers['x-call-only']).toBeUndefined();
    expect(plain?.headers['user-agent']).toBe(`seatpay/${VERSION}`);
  });

  it('uses the configured auth scheme, and asks a token provider before every request', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', PLAN));
    let calls = 0;
    const client = testClient({
      authScheme: 'Token',
      token: async () => `rotating-${++calls}`,
    });
    await client.plans.get('team-per-seat');
    await client.plans.get('team-per-seat');

    expect((await sent(service, 2)).map((request) => request.headers.authorization)).toEqual([
      'Token rotating-1',
      'Token rotating-2',
    ]);
    expect(seen.some((request) => request.headers.authorization?.includes(TOKEN))).toBe(false);
  });
});
