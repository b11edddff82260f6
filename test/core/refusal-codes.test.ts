// Error codes from the deployed server's own answers (docs/reference/real-exchanges.json, a copy of
// shared/reference/real-exchanges.json): each recorded refusal reaches a program as the same
// stable `code` and named class, whatever the language.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  BadRequestError,
  InternalServerError,
  OwnerOnlyError,
  PaymentRequiredError,
  PermissionDeniedError,
  SeatsRefusedError,
} from '../../src/index.js';
import { answer, testClient, useMockService } from '../support/msw.js';

const { server } = useMockService();
const PLAN = 'GET /v1/payments/plan/:slug';
const SEATS = 'PUT /v2/payments/subscription/:id/billing-team/seat';

interface Exchange {
  n: number;
  step: string;
  response: { status: number; body: unknown };
}
const transcript = JSON.parse(
  readFileSync(new URL('../../docs/reference/real-exchanges.json', import.meta.url), 'utf8'),
) as { exchanges: Exchange[] };

/** Every message the real server refused with, and the code a program gets for it. */
const EXPECTED: Record<string, string | null> = {
  'Only the owner can manage team': 'only-owner-allowed',
  'Only the owner can manage team members': 'only-owner-allowed',
  'Only the owner can manage seats': 'only-owner-allowed',
  'Seats limit exceeded: 9 > 3': 'seats-limit-exceeded',
  'Card declined': 'card-error',
  'Insuficient credits': 'insufficient-credits',
  'You already have a subscription to this plan': 'plan-already-bought',
  'Payment method is required': 'payment-method-required',
  'Missing academy parameter': 'missing-academy-parameter',
  'Missing card information': 'missing-card-information',
  'Academy is required': 'academy-is-required',
  'Service not found': 'service-not-found',
  'Desired seats must be greater than current seats': 'desired-seats-must-be-greater',
  'Add seats or replace seats are required': 'add-or-replace-seats-required',
  'Bag not found, maybe you need to renew the checking': 'not-found-or-without-checking',
  'Subscription not found': 'subscription-not-found',
  'Seat not found': 'seat-not-found',
  'You must select a cohort for the invited member': 'seat-cohort-required',
  'User already has a seat for this team': 'duplicate-team-seat',
  "Invalid type. Allowed values are 'BAG' or 'PREVIEW'": 'invalid-bag-type',
  'You can only select one plan': 'more-than-one-plan-selected',
  'Service is required': 'service-is-required',
  'Invalid operation type': 'invalid-operation-type',
  "You aren't authorized to upload any proof-of-payment operation type":
    'unauthorized-media-upload',
  'total_chunks must be a positive integer': 'invalid-total-chunks',
  'Unsupported mime type text/plain': 'unsupported-mime-type',
  'Chunk index out of range': 'chunk-index-out-of-range',
  'Chunk already exists': 'chunk-already-exists',
  'File already exists': 'file-already-exists',
  '3/3 chunks are missing': 'some-chunks-not-found',
  'Missing required meta key: name': 'missing-required-meta-key',
  'meta must be a dictionary': 'meta-must-be-dictionary',
};

/** The code a recorded message must give: listed by the message or its start, else none. */
const expectedCode = (message: string): string | null =>
  Object.entries(EXPECTED).find(([text]) => message.startsWith(text))?.[1] ?? null;

/** The recorded answers whose body carries a message: refusals, and the 207 seat refusals. */
function recordedRefusals(): { n: number; status: number; body: unknown; message: string }[] {
  return transcript.exchanges.flatMap(({ n, response: { status, body } }) => {
    if (typeof body !== 'object' || body === null) return [];
    const record = body as { detail?: unknown; errors?: { message?: unknown }[] };
    if (status >= 400 && typeof record.detail === 'string')
      return [{ n, status, body, message: record.detail }];
    if (status === 207 && Array.isArray(record.errors))
      return record.errors.map((item) => ({ n, status, body, message: String(item.message) }));
    return [];
  });
}

describe('codes of the deployed server’s recorded refusals', () => {
  const refusals = recordedRefusals();

  it('the transcript holds the refusals this test is about', () => {
    const messages = refusals.map(({ message }) => message);
    for (const text of Object.keys(EXPECTED))
      expect(messages.some((message) => message.startsWith(text))).toBe(true);
  });

  it.each(refusals.filter(({ status }) => status >= 400))(
    'exchange $n ($status $message)',
    async ({ status, body, message }) => {
      server.use(answer(PLAN, body as never, { status }));
      const error = await testClient({ maxRetries: 0 })
        .plans.get('any')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect((error as APIError).code).toBe(expectedCode(message));
      if (expectedCode(message) === 'only-owner-allowed') {
        expect(error).toBeInstanceOf(OwnerOnlyError);
        expect(error).toBeInstanceOf(PermissionDeniedError);
      }
      if (status === 402) expect(error).toBeInstanceOf(PaymentRequiredError);
      expect((error as APIError).mayHaveBeenProcessed).toBe(false);
    },
  );

  it.each(refusals.filter(({ status }) => status === 207))(
    'exchange $n: a refused seat ($message) carries its code',
    async ({ body, message }) => {
      server.use(answer(SEATS, body as never, { status: 207 }));
      const error = await testClient({ maxRetries: 0 })
        .seats.add(1, [{ email: 'ada@example.com' }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SeatsRefusedError);
      expect((error as SeatsRefusedError).refused).toContainEqual({
        message,
        code: expectedCode(message),
        status: 400,
      });
    },
  );

  it('the slug the server sends (silent_code) is the code, whatever the message says', async () => {
    const body = {
      detail: 'Carte refusée',
      status_code: 402,
      silent: true,
      silent_code: 'card-error',
    };
    server.use(answer(PLAN, body, { status: 402 }));
    const error = (await testClient({ maxRetries: 0 })
      .plans.get('any')
      .catch((e: unknown) => e)) as APIError;
    expect(error.code).toBe('card-error');

    const lock = { detail: 'Tiempo de espera alcanzado', status_code: 408, silent_code: 'timeout' };
    server.use(answer(PLAN, lock, { status: 408 }));
    const timedOut = (await testClient({ maxRetries: 0 })
      .plans.get('any')
      .catch((e: unknown) => e)) as APIError;
    expect(timedOut.code).toBe('timeout');
  });

  it("the server's test mode sends the slug as detail: the same code and class", async () => {
    server.use(answer(PLAN, { detail: 'only-owner-allowed', status_code: 403 }, { status: 403 }));
    const error = await testClient({ maxRetries: 0 })
      .plans.get('any')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OwnerOnlyError);
    expect((error as APIError).code).toBe('only-owner-allowed');
  });

  it('an answer that names no known refusal has code null', async () => {
    server.use(answer(PLAN, { detail: 'Plan not found', status_code: 404 }, { status: 404 }));
    const error = (await testClient({ maxRetries: 0 })
      .plans.get('any')
      .catch((e: unknown) => e)) as APIError;
    expect(error.code).toBeNull();
  });
});

describe('a code is a refusal, looked up as data', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'a slug or message %j: a BadRequestError whose code is a string or null',
    async (word) => {
      for (const body of [{ detail: word }, { detail: 'No.', silent_code: word }]) {
        server.use(answer(PLAN, body, { status: 400 }));
        const error = await testClient({ maxRetries: 0 })
          .plans.get('any')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BadRequestError);
        const { code } = error as APIError;
        expect(code === null || typeof code === 'string', String(code)).toBe(true);
        expect(code === null || /^[a-z0-9_-]+$/.test(code), String(code)).toBe(true);
      }
    },
  );

  it.each([
    [500, {}],
    [502, {}],
    [503, {}],
  ])(
    'a %i that may have charged has no refusal code, whatever its body names',
    async (status, headers) => {
      for (const body of [
        { detail: 'Card declined', silent_code: 'card-error' },
        { detail: 'Tarjeta rechazada' },
        { detail: 'Missing card information' },
      ]) {
        server.use(answer('POST /v1/payments/pay', body, { status, headers }));
        const error = await testClient({ maxRetries: 0 })
          .pay.bag({ token: 'bag_1', chosen_period: 'MONTH' })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InternalServerError);
        expect(error).toMatchObject({ mayHaveBeenProcessed: true, code: null });
      }
    },
  );

  it('a 503 with Retry-After was refused: its code stays', async () => {
    const body = { detail: 'Card declined', silent_code: 'card-error' };
    server.use(
      answer('POST /v1/payments/pay', body, { status: 503, headers: { 'retry-after': '1' } }),
    );
    const error = await testClient({ maxRetries: 0 })
      .pay.bag({ token: 'bag_1', chosen_period: 'MONTH' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false, code: 'card-error' });
  });

  it('an InternalServerError built by hand follows the same rule', () => {
    const details = {
      status: 500,
      method: 'POST',
      url: 'https://api.example.com/v1/payments/pay',
      body: { silent_code: 'card-error' },
      headers: {},
      message: 'Card declined',
    };
    expect(new InternalServerError(details).code).toBeNull();
    expect(new PaymentRequiredError({ ...details, status: 402 }).code).toBe('card-error');
  });
});
