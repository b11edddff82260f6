import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, SeatpayError, type ClientHooks } from '../../src/index.js';
import { onlyRequest, PLAN } from '../resources/fixtures.js';
import { answer, BASE_URL, testClient, TOKEN, useMockService } from '../support/msw.js';

const service = useMockService();
const { server, seen } = service;
const PLAN_ROUTE = 'GET /v1/payments/plan/:slug';

describe('hooks', () => {
  it('a beforeRequest hook adds a tracing header the service sees, and sees the authorization', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const authorizations: (string | null)[] = [];
    const client = testClient({
      hooks: {
        beforeRequest: [
          ({ request }) => {
            authorizations.push(request.headers.get('authorization'));
            request.headers.set(
              'traceparent',
              '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
            );
          },
        ],
      },
    });
    await client.plans.get('team-per-seat');
    const request = await onlyRequest(service);
    expect(request.headers.traceparent).toBe(
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    );
    expect(authorizations).toEqual([`Bearer ${TOKEN}`]);
  });

  it('an afterResponse hook reads each attempt’s answer, and the call still gets its result', async () => {
    let call = 0;
    server.use(
      http.get(`${BASE_URL}/v1/payments/plan/:slug`, () =>
        call++ === 0
          ? HttpResponse.json(
              { detail: 'busy' },
              { status: 503, headers: { 'x-request-id': 'a1' } },
            )
          : HttpResponse.json(PLAN, { headers: { 'x-request-id': 'a2' } }),
      ),
    );
    const read: { status: number; id: string | null; slug: unknown }[] = [];
    const client = testClient({
      hooks: {
        afterResponse: [
          async ({ response }) => {
            const body = (await response.json()) as { slug?: unknown };
            read.push({
              status: response.status,
              id: response.headers.get('x-request-id'),
              slug: body.slug,
            });
          },
        ],
      },
    });
    const plan = await client.plans.get('team-per-seat');
    expect(plan.slug).toBe('team-per-seat');
    expect(read).toEqual([
      { status: 503, id: 'a1', slug: undefined },
      { status: 200, id: 'a2', slug: 'team-per-seat' },
    ]);
  });

  it('a hook that throws fails the call with a SeatpayError whose cause is what it threw, not retried', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const thrown = new Error(`cannot trace ${TOKEN}`);
    const client = testClient({
      hooks: {
        beforeRequest: [
          () => {
            throw thrown;
          },
        ],
      },
    });
    const error = await client.plans.get('team-per-seat').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SeatpayError);
    // What the hook threw quotes the token: the cause is its redacted copy, same name, no token.
    const cause = (error as SeatpayError).cause as Error;
    expect(cause).toBeInstanceOf(Error);
    expect(cause.message).toBe('cannot trace [REDACTED]');
    expect((error as Error).message).toBe('The beforeRequest[0] hook threw');
    expect(JSON.stringify(error)).not.toContain(TOKEN);
    expect(seen).toEqual([]);
  });

  it('an afterResponse hook that throws fails the call once the answer came', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const client = testClient({
      hooks: {
        afterResponse: [
          () => {
            throw new RangeError('no');
          },
        ],
      },
    });
    const error = await client.plans.get('team-per-seat').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SeatpayError);
    expect((error as SeatpayError).cause).toBeInstanceOf(RangeError);
    expect(seen).toHaveLength(1);
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'beforeRequest', 'hooks'],
    ['an array', [() => undefined], 'hooks'],
    ['a hook list that is not an array', { beforeRequest: () => undefined }, 'hooks.beforeRequest'],
    ['a hook that is not a function', { afterResponse: ['log'] }, 'hooks.afterResponse'],
    [
      'a hook kind ky would never run here',
      { beforeRetry: [() => undefined] },
      'hooks.beforeRetry',
    ],
  ])('refuses %s at createClient with InvalidRequestError', (_name, hooks, field) => {
    let error: unknown;
    try {
      testClient({ hooks: hooks as ClientHooks });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).field).toBe(field);
  });
});
