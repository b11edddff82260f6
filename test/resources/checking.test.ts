import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  InternalServerError,
  ResponseValidationError,
  type Bag,
  type Checking,
} from '../../src/index.js';
import { http, HttpResponse } from 'msw';
import { answer, BASE_URL, testClient, useMockService } from '../support/msw.js';
import {
  BAG,
  expectJsonRequest,
  expectRejectedBeforeSending,
  expectStandardHeaders,
  onlyRequest,
  PREVIEW,
  sent,
} from './fixtures.js';

const service = useMockService();
const { server, seen } = service;

describe('checking.preview', () => {
  it("sends POST /v1/payments/checking with type 'PREVIEW', the plans and the seat count", async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW, { status: 201 }));
    await testClient().checking.preview({ plans: [12], team_seats: 3 });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payments/checking');
    expectStandardHeaders(request);
    expectJsonRequest(request, { type: 'PREVIEW', plans: [12], team_seats: 3 });
  });

  it('sends the arguments as they were when it was called, on every attempt', async () => {
    // The caller changes its object while the token is fetched and again before the retry: what
    // was sent is what was asked for, twice the same.
    const args = { plans: [12], team_seats: 3 };
    let attempts = 0;
    server.use(
      http.post(`${BASE_URL}/v1/payments/checking`, () => {
        attempts += 1;
        if (attempts > 1) return HttpResponse.json(PREVIEW, { status: 201 });
        args.team_seats = 7;
        // A 503 that says it processed nothing: re-sent even for a money call.
        return HttpResponse.json(
          { detail: 'busy' },
          { status: 503, headers: { 'retry-after': '0' } },
        );
      }),
    );
    let tokenAsked!: () => void;
    const tokenGate = new Promise<void>((resolve) => (tokenAsked = resolve));
    const client = testClient({
      token: async () => {
        tokenAsked();
        await Promise.resolve();
        return 'test-token';
      },
    });
    const pending = client.checking.preview(args);
    await tokenGate;
    args.plans.push(99);
    await pending;

    const requests = await sent(service, 2);
    expect(requests.map((request) => request.body)).toEqual([
      { type: 'PREVIEW', plans: [12], team_seats: 3 },
      { type: 'PREVIEW', plans: [12], team_seats: 3 },
    ]);
  });

  it('sends no own __proto__ key that a parsed JSON argument carried (as zod copies it)', async () => {
    server.use(answer('POST /v1/payments/checking', BAG, { status: 201 }));
    const parsed = JSON.parse('{"plans":[12],"__proto__":{"admin":true}}') as { plans: number[] };
    await testClient().checking.bag(parsed);

    const request = await onlyRequest(service);
    expect(request.body).toEqual({ type: 'BAG', plans: [12] });
    expect(Object.hasOwn(request.body as object, '__proto__')).toBe(false);
  });

  it('leaves team_seats out when it is not given, and accepts a plan slug', async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW));
    await testClient().checking.preview({ plans: ['team-per-team'] });

    const request = await onlyRequest(service);
    expect(request.body).toEqual({ type: 'PREVIEW', plans: ['team-per-team'] });
  });

  it('keeps type PREVIEW even when the caller passes a type of its own', async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW));
    // @ts-expect-error `type` is not an argument (the route sets it); JavaScript callers may pass it
    await testClient().checking.preview({ plans: [12], team_seats: 2, type: 'BAG' });

    const request = await onlyRequest(service);
    expect((request.body as { type: string }).type).toBe('PREVIEW');
  });

  it('hands out the amounts as decimal strings and keeps the fields it does not model', async () => {
    server.use(answer('POST /v1/payments/checking', PREVIEW));
    const preview = await testClient().checking.preview({ plans: [12], team_seats: 3 });

    expectTypeOf(preview).toEqualTypeOf<Checking>();
    expect(preview.type).toBe('PREVIEW');
    expect(preview.amount_per_month).toBe('59.99');
    expect(preview.amount_per_quarter).toBe('0');
    expect(preview.amount_per_year).toBe('479.99');
    expect(preview.token).toBe(PREVIEW.token);
    expect(preview.was_delivered).toBe(false);
    expect(preview.plans).toEqual(PREVIEW.plans);
  });

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['a numeric string', '3'],
    ['negative', -2],
  ])('rejects team_seats that is %s before sending anything', async (_label, team_seats) => {
    await expectRejectedBeforeSending(
      testClient().checking.preview({ plans: [12], team_seats: team_seats as number }),
      'team_seats',
      seen,
    );
  });

  it('rejects an empty list of plans before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().checking.preview({ plans: [], team_seats: 3 }),
      'plans',
      seen,
    );
  });

  it('rejects a plan id that is not a positive integer before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().checking.preview({ plans: [0] }),
      'plans.0',
      seen,
    );
  });
});

describe('checking.bag', () => {
  it("sends POST /v1/payments/checking with type 'BAG' and resolves to a bag with its token", async () => {
    server.use(answer('POST /v1/payments/checking', BAG, { status: 201 }));
    const bag = await testClient().checking.bag({ plans: [12], team_seats: 3 });

    const request = await onlyRequest(service);
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payments/checking');
    expectStandardHeaders(request);
    expectJsonRequest(request, { type: 'BAG', plans: [12], team_seats: 3 });

    expectTypeOf(bag).toEqualTypeOf<Bag>();
    expectTypeOf(bag.token).toEqualTypeOf<string>();
    expect(bag.token).toBe('409a031c3ff6e2f55394722d4c05db63bd336df4');
    expect(bag.amount_per_month).toBe('59.99');
  });

  it('rejects a bag answer without a token with ResponseValidationError naming token', async () => {
    const { token: _token, ...withoutToken } = BAG;
    server.use(answer('POST /v1/payments/checking', withoutToken));
    const error = await testClient()
      .checking.bag({ plans: [12] })
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toContainEqual([
      'token',
    ]);
  });

  it('rejects team_seats 0 before sending anything', async () => {
    await expectRejectedBeforeSending(
      testClient().checking.bag({ plans: [12], team_seats: 0 }),
      'team_seats',
      seen,
    );
  });

  it('is not sent twice when the service fails with a 500 (it may have created the bag)', async () => {
    server.use(answer('POST /v1/payments/checking', { detail: 'boom' }, { status: 500 }));
    const error = await testClient()
      .checking.bag({ plans: [12] })
      .catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(InternalServerError);
    // A retry is sent before the call settles: by its error, every request it made was seen.
    expect(seen).toHaveLength(1);
  });
});
