import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { InternalServerError, RateLimitError, type Logger } from '../../src/index.js';
import { holdTimers } from '../reliability/support/held-timers.js';
import { answer, BASE_URL, testClient, useMockService } from '../support/msw.js';

const { server, seen } = useMockService();

/** Answers the given responses in turn, then repeats the last. */
function sequence(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  ...responses: (() => Response)[]
) {
  let call = 0;
  return http[method](BASE_URL + path, () => responses[Math.min(call++, responses.length - 1)]!());
}
const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  () =>
    HttpResponse.json(body as object, { status, headers });

function recordingLogger() {
  const lines: string[] = [];
  const logger: Logger = {
    error: (m) => lines.push(m),
    warn: (m) => lines.push(m),
    info: () => {},
    debug: () => {},
  };
  return { logger, lines };
}

const PAY = { token: 'bag_1', chosen_period: 'MONTH' };

describe('idempotent calls', () => {
  it('a GET answered 503 then 200 succeeds', async () => {
    server.use(
      sequence(
        'get',
        '/v1/payments/plan/:slug',
        json({ detail: 'busy' }, 503),
        json({ id: 1, slug: 'team' }),
      ),
    );
    await expect(testClient().plans.get('team')).resolves.toEqual({ id: 1, slug: 'team' });
    expect(seen).toHaveLength(2);
  });

  it.each([408, 429, 500, 502, 504])(
    'retries %i up to maxRetries, then rejects',
    async (status) => {
      server.use(answer('GET /v1/payments/me/subscription', { detail: 'again' }, { status }));
      await expect(testClient({ maxRetries: 2 }).subscriptions.list()).rejects.toMatchObject({
        status,
      });
      expect(seen).toHaveLength(3);
    },
  );

  it.each([400, 401, 403, 404, 409])('does not retry %i', async (status) => {
    server.use(answer('GET /v1/payments/me/subscription', { detail: 'final' }, { status }));
    await expect(testClient().subscriptions.list()).rejects.toMatchObject({ status });
    expect(seen).toHaveLength(1);
  });

  it('retries a dropped connection', async () => {
    server.use(
      sequence(
        'delete',
        '/v2/payments/subscription/:id/billing-team/seat/:seat',
        () => HttpResponse.error(),
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    await expect(testClient().seats.remove(1, 2)).resolves.toBeUndefined();
    expect(seen).toHaveLength(2);
  });

  it('maxRetries per call overrides the client', async () => {
    server.use(answer('GET /v1/payments/me/subscription', {}, { status: 503 }));
    await expect(
      testClient({ maxRetries: 5 }).subscriptions.list({ maxRetries: 0 }),
    ).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
  });

  it('asks the token provider again for every attempt', async () => {
    const token = vi.fn(async () => `tok_${token.mock.calls.length}`);
    server.use(
      sequence('get', '/v1/payments/me/subscription', json({}, 500), json({ subscriptions: [] })),
    );
    await testClient({ token }).subscriptions.list();
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      'Bearer tok_1',
      'Bearer tok_2',
    ]);
  });
});

describe('Retry-After', () => {
  it('is honoured in seconds', async () => {
    const { logger, lines } = recordingLogger();
    server.use(
      sequence(
        'get',
        '/v1/payments/me/subscription',
        json({}, 429, { 'retry-after': '1' }),
        json({ subscriptions: [] }),
      ),
    );
    // The second's wait is held and fired once it is set, instead of waited for on the clock.
    const wait = holdTimers([1000]);
    onTestFinished(() => wait.restore());
    const listed = testClient({ logger, logLevel: 'warn' }).subscriptions.list();
    await wait.until(() => wait.pending(1000) === 1);
    expect(seen).toHaveLength(1);
    wait.fire(1000);
    await listed;
    expect(seen).toHaveLength(2);
    expect(lines).toEqual([
      expect.stringMatching(
        /GET \/v1\/payments\/me\/subscription failed \(429 .*\); retry 1 in 1000 ms$/,
      ),
    ]);
  });

  it('is honoured as an HTTP date', async () => {
    const { logger, lines } = recordingLogger();
    // An hour ahead: a date seconds ahead could pass while a loaded machine sets up the call.
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    server.use(
      sequence(
        'get',
        '/v1/payments/me/subscription',
        json({}, 503, { 'retry-after': inAnHour }),
        json({ subscriptions: [] }),
      ),
    );
    await testClient({ logger, logLevel: 'warn', maxRetryDelay: 50 }).subscriptions.list();
    expect(lines[0]).toMatch(/retry 1 in 50 ms$/);
  });

  it('is capped at maxRetryDelay', async () => {
    const { logger, lines } = recordingLogger();
    server.use(
      sequence(
        'get',
        '/v1/payments/me/subscription',
        json({}, 429, { 'retry-after': '120' }),
        json({ subscriptions: [] }),
      ),
    );
    await testClient({ logger, logLevel: 'warn', maxRetryDelay: 30 }).subscriptions.list();
    expect(lines[0]).toMatch(/retry 1 in 30 ms$/);
    expect(seen).toHaveLength(2);
  });
});

describe('calls that spend money are never sent twice', () => {
  it.each([
    ['pay', 'post', '/v1/payments/pay', (c: ReturnType<typeof testClient>) => c.pay.bag(PAY)],
    [
      'checking',
      'post',
      '/v1/payments/checking',
      (c: ReturnType<typeof testClient>) => c.checking.bag({ plans: [1] }),
    ],
    [
      'consumable checkout',
      'post',
      '/v2/payments/consumable/checkout',
      (c: ReturnType<typeof testClient>) =>
        c.consumables.checkout({ service: 'ai', how_many: 1, subscription: 1 }),
    ],
    [
      'finalize',
      'post',
      '/v2/media/me/chunk/upload',
      (c: ReturnType<typeof testClient>) =>
        c.media.finalize({
          operation_type: 'media',
          total_chunks: 1,
          filename: 'a',
          mime: 'text/plain',
        }),
    ],
  ] as const)('%s: a 500 or a dropped connection is not re-sent', async (_, method, path, call) => {
    server.use(
      http[method](BASE_URL + path, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    await expect(call(testClient({ maxRetries: 3 }))).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(1);
    server.use(http[method](BASE_URL + path, () => HttpResponse.error()));
    await expect(call(testClient({ maxRetries: 3 }))).rejects.toMatchObject({
      mayHaveBeenProcessed: true,
    });
    expect(seen).toHaveLength(2);
  });

  it('a 429 says the pay was refused before processing, so it is re-sent', async () => {
    server.use(
      sequence(
        'post',
        '/v1/payments/pay',
        json({ detail: 'slow down' }, 429),
        json({ id: 9, amount: 10 }, 201),
      ),
    );
    await expect(testClient().pay.bag(PAY)).resolves.toMatchObject({ id: 9, amount: '10' });
    expect(seen).toHaveLength(2);
  });

  it('a 503 is re-sent only when it carries Retry-After', async () => {
    server.use(
      sequence(
        'post',
        '/v1/payments/pay',
        json({}, 503, { 'retry-after': '0' }),
        json({ id: 9 }, 201),
      ),
    );
    await expect(testClient().pay.bag(PAY)).resolves.toMatchObject({ id: 9 });
    server.use(answer('POST /v1/payments/pay', {}, { status: 503 }));
    await expect(testClient().pay.bag(PAY)).rejects.toBeInstanceOf(InternalServerError);
    expect(seen).toHaveLength(3);
  });

  it('RateLimitError surfaces once retries run out', async () => {
    server.use(
      answer(
        'POST /v1/payments/pay',
        { detail: 'slow' },
        { status: 429, headers: { 'retry-after': '0' } },
      ),
    );
    await expect(testClient({ maxRetries: 1 }).pay.bag(PAY)).rejects.toBeInstanceOf(RateLimitError);
    expect(seen).toHaveLength(2);
  });
});
