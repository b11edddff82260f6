import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  APIError,
  AuthenticationError,
  BadRequestError,
  BillingPeriodLimitError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  InvalidRequestError,
  NotFoundError,
  PaymentRequiredError,
  OwnerOnlyError,
  PermissionDeniedError,
  RateLimitError,
  RechargeBudgetError,
  ResponseValidationError,
  SeatpayError,
  TimeoutError,
} from '../../src/index.js';
import { answer, BASE_URL, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();
const PLAN = 'GET /v1/payments/plan/:slug';

describe('errors by status', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [402, PaymentRequiredError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [418, APIError],
  ])('%i becomes %O', async (status, ErrorClass) => {
    server.use(
      answer(
        PLAN,
        { detail: 'nope', status_code: status },
        { status, headers: { 'x-request-id': 'req_42' } },
      ),
    );
    const error = await testClient({ maxRetries: 0 })
      .plans.get('team')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error).toMatchObject({
      status,
      method: 'GET',
      requestId: 'req_42',
      body: { detail: 'nope' },
    });
    // A 401 adds what seatpay sent and the likely cause (helpful-messages.test.ts).
    const hint =
      status === 401
        ? " [seatpay sent `Authorization: Bearer …` (profile 'spec'); the server refused the token: it is not valid here (a restarted seatpay-mock issues new tokens unless --seed or --owner-token)]"
        : '';
    expect((error as APIError).message).toBe(`${status} nope${hint} (GET /v1/payments/plan/team)`);
    expect((error as APIError).name).toBe(ErrorClass.name);
  });
});

describe('the three named failures, whatever the status', () => {
  it.each([
    ['Only the owner can manage team', 403, OwnerOnlyError],
    ['Only the owner can manage team members', 400, OwnerOnlyError],
    ['only-owner-allowed', 403, OwnerOnlyError],
    ['Billing period limit reached', 402, BillingPeriodLimitError],
    ['Billing period limit reached', 400, BillingPeriodLimitError],
    ['No budget available for recharge', 402, RechargeBudgetError],
    ['No budget available for recharge', 500, RechargeBudgetError],
  ])('"%s" with %i', async (detail, status, ErrorClass) => {
    server.use(
      answer(
        'GET /v2/payments/subscription/:id/billing-team',
        { detail, status_code: status },
        { status },
      ),
    );
    const error = await testClient({ maxRetries: 0 })
      .billingTeam.get(7)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status });
  });

  it('answered with 402, a named failure is also a PaymentRequiredError', async () => {
    server.use(
      answer(
        'GET /v2/payments/subscription/:id/billing-team',
        { detail: 'Billing period limit reached', status_code: 402 },
        { status: 402 },
      ),
    );
    const error = await testClient({ maxRetries: 0 })
      .billingTeam.get(7)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingPeriodLimitError);
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
  });

  it('matches the slug the deployed server puts in silent_code', async () => {
    server.use(
      answer(
        PLAN,
        { detail: 'Solo el dueño', silent: true, silent_code: 'only-owner-allowed' },
        { status: 403 },
      ),
    );
    await expect(testClient().plans.get('x')).rejects.toBeInstanceOf(OwnerOnlyError);
  });
});

describe('the message, from any body shape', () => {
  const cases: [string, () => Response, string][] = [
    [
      'detail string',
      () => HttpResponse.json({ detail: 'Plan not found', status_code: 404 }, { status: 404 }),
      'Plan not found',
    ],
    [
      'message string',
      () => HttpResponse.json({ message: 'Gone fishing' }, { status: 400 }),
      'Gone fishing',
    ],
    [
      'error string',
      () =>
        HttpResponse.json(
          { error: 'Invalid or Inactive Token', is_authenticated: 'False' },
          { status: 401 },
        ),
      'Invalid or Inactive Token',
    ],
    [
      'error array',
      () => HttpResponse.json({ error: ['first', 'second'] }, { status: 400 }),
      'first; second',
    ],
    [
      'detail object of field errors',
      () => HttpResponse.json({ detail: { team_seats: ['must be an integer'] } }, { status: 400 }),
      'team_seats: must be an integer',
    ],
    [
      'bare field errors (DRF)',
      () =>
        HttpResponse.json(
          {
            recharge_amount: ['Ensure this value is greater than or equal to 0.'],
            status_code: 400,
          },
          { status: 400 },
        ),
      'recharge_amount: Ensure this value is greater than or equal to 0.',
    ],
    [
      'a list of error objects',
      () => HttpResponse.json([{ detail: 'one' }, { detail: 'two' }], { status: 400 }),
      'one; two',
    ],
    [
      'an HTML page',
      () =>
        new HttpResponse(
          '<!doctype html><html><head><title>Server Error (500)</title></head><body>x</body></html>',
          { status: 500, headers: { 'content-type': 'text/html' } },
        ),
      'HTML error page: Server Error (500)',
    ],
    [
      'an empty body',
      () => new HttpResponse(null, { status: 404, statusText: 'Not Found' }),
      'Not Found',
    ],
    [
      'plain text',
      () => new HttpResponse('upstream timed out', { status: 504 }),
      'upstream timed out',
    ],
  ];
  it.each(cases)('%s', async (_, respond, message) => {
    server.use(http.get(`${BASE_URL}/v1/payments/plan/:slug`, respond));
    const error = (await testClient({ maxRetries: 0 })
      .plans.get('x')
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.message).toContain(message);
  });
});

describe('errors without an answer', () => {
  it('a dropped connection is a ConnectionError that may have been processed', async () => {
    server.use(http.get(`${BASE_URL}/v1/payments/plan/:slug`, () => HttpResponse.error()));
    const error = await testClient({ maxRetries: 0 })
      .plans.get('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: true, method: 'GET' });
  });

  it('no answer within the timeout is a TimeoutError', async () => {
    server.use(
      http.get(
        `${BASE_URL}/v1/payments/plan/:slug`,
        async () => (await delay(2_000), HttpResponse.json({})),
      ),
    );
    const error = await testClient({ maxRetries: 0, timeout: 50 })
      .plans.get('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as TimeoutError).message).toContain('within 50 ms');
  });

  it("the caller's signal gives an AbortError, before or during the call", async () => {
    // The service answers only once the call has settled: an abort the call ignores hangs here.
    let arrived!: () => void;
    let answer!: () => void;
    const atService = new Promise<void>((resolve) => (arrived = resolve));
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(
        `${BASE_URL}/v1/payments/plan/:slug`,
        async () => (arrived(), await answered, HttpResponse.json({})),
      ),
    );
    const client = testClient();
    await expect(client.plans.get('x', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      AbortError,
    );
    expect(seen).toHaveLength(0);
    const controller = new AbortController();
    // No timeout of its own to end it first (an ignored abort, reported once the attempt timed
    // out 30 s later, passed): only the abort can.
    const pending = client.plans.get('x', { signal: controller.signal, timeout: 600_000 });
    // Aborted once the request is at the service (a 20 ms timer could fire before it was sent).
    await atService;
    controller.abort();
    try {
      await expect(pending).rejects.toBeInstanceOf(AbortError);
    } finally {
      answer();
    }
  });
});

describe('bad answers', () => {
  it('a 2xx body that is not JSON is a ResponseValidationError', async () => {
    server.use(
      http.get(
        `${BASE_URL}/v1/payments/plan/:slug`,
        () => new HttpResponse('<html>maintenance</html>', { status: 200 }),
      ),
    );
    const error = (await testClient()
      .plans.get('x')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues[0]?.message).toBe('the body is not JSON');
    expect(error.body).toBe('<html>maintenance</html>');
  });

  it('a 2xx body missing a field names the field', async () => {
    server.use(answer(PLAN, { id: 'one' }));
    const error = (await testClient()
      .plans.get('x')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues.map((issue) => issue.path.join('.'))).toEqual(['id', 'slug']);
    expect(error.message).toMatch(
      /^Unexpected response from GET \/v1\/payments\/plan\/x: id: .*; slug: /,
    );
  });

  it('is not retried', async () => {
    server.use(answer(PLAN, { nope: true }));
    await expect(testClient().plans.get('x')).rejects.toBeInstanceOf(ResponseValidationError);
    expect(seen).toHaveLength(1);
  });
});

describe('InvalidRequestError', () => {
  it('names the field and sends nothing', async () => {
    const error = (await testClient()
      .checking.preview({ plans: [1], team_seats: 0 })
      .catch((e: unknown) => e)) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.field).toBe('team_seats');
    expect(error.message).toBe('Invalid team_seats: must be a positive integer');
    expect(seen).toHaveLength(0);
  });
});
