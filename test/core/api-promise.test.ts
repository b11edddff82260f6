import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIPromise,
  InvalidRequestError,
  NotFoundError,
  SeatpayError,
  type Plan,
} from '../../src/index.js';
import { PLAN, spyLogger } from '../resources/fixtures.js';
import { answer, BASE_URL, testClient, useMockService } from '../support/msw.js';

const service = useMockService();
const { server, seen } = service;
const PLAN_ROUTE = 'GET /v1/payments/plan/:slug';

/** Answers the given responses in turn, then repeats the last. */
function planAnswers(...responses: (() => Response)[]) {
  let call = 0;
  return http.get(`${BASE_URL}/v1/payments/plan/:slug`, () =>
    responses[Math.min(call++, responses.length - 1)]!(),
  );
}

describe('APIPromise', () => {
  it('is what every resource method returns, and awaiting it gives the validated result', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const pending = testClient().plans.get('team-per-seat');
    expect(pending).toBeInstanceOf(APIPromise);
    expect(pending).toBeInstanceOf(Promise);
    const plan: Plan = await pending;
    expect(plan.price_per_month).toBe('59.99'); // a number on the wire: validated and converted
  });

  it('starts the request when the method is called, awaited or not', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    server.use(
      http.get(`${BASE_URL}/v1/payments/plan/:slug`, () => {
        arrive();
        return HttpResponse.json(PLAN);
      }),
    );
    const pending = testClient().plans.get('team-per-seat');
    // Nothing awaits `pending` (no then) until the service has the request: a lazy start hangs here.
    await arrived;
    expect(seen[0]?.path).toBe('/v1/payments/plan/team-per-seat');
    await pending;
    expect(seen).toHaveLength(1);
  });

  it('rejects bad input with InvalidRequestError, as a rejected promise, before sending', async () => {
    const pending = testClient().plans.get('');
    expect(pending).toBeInstanceOf(APIPromise);
    await expect(pending).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(pending.asResponse()).rejects.toBeInstanceOf(InvalidRequestError);
    expect(seen).toEqual([]);
  });

  it('withResponse() gives the result, the read Response and the request id', async () => {
    server.use(answer(PLAN_ROUTE, PLAN, { headers: { 'x-request-id': 'req_42' } }));
    const { data, response, requestId } = await testClient()
      .plans.get('team-per-seat')
      .withResponse();
    expect(data.price_per_month).toBe('59.99');
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(true);
    expect(requestId).toBe('req_42');
  });

  it('reads the request id from `request-id` too, and gives null when there is none', async () => {
    server.use(planAnswers(() => HttpResponse.json(PLAN, { headers: { 'request-id': 'r-7' } })));
    const client = testClient();
    expect((await client.plans.get('a').withResponse()).requestId).toBe('r-7');
    server.use(answer(PLAN_ROUTE, PLAN));
    expect((await client.plans.get('a').withResponse()).requestId).toBeNull();
  });

  it('asResponse() gives the raw Response, body unread and not validated', async () => {
    server.use(answer(PLAN_ROUTE, { id: 'not a number', surprise: true }));
    const pending = testClient().plans.get('team-per-seat');
    const response = await pending.asResponse();
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ id: 'not a number', surprise: true });
    // The body was the caller's: awaiting the same call for its result now says so.
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(SeatpayError);
    expect((error as Error).message).toMatch(/asResponse\(\)/);
  });

  it('asResponse() asked after the body was read still gives a Response to read', async () => {
    server.use(answer(PLAN_ROUTE, PLAN));
    const pending = testClient().plans.get('team-per-seat');
    const plan = await pending;
    const response = await pending.asResponse();
    expect(response.bodyUsed).toBe(false);
    expect((await response.json()).id).toBe(plan.id);
  });

  it('asResponse() goes through the retries, and rejects a non-2xx with its typed error', async () => {
    server.use(
      planAnswers(
        () => HttpResponse.json({ detail: 'busy' }, { status: 503 }),
        () => HttpResponse.json(PLAN),
      ),
    );
    const response = await testClient().plans.get('team-per-seat').asResponse();
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(2);

    server.use(
      answer(
        PLAN_ROUTE,
        { detail: 'Not found.' },
        { status: 404, headers: { 'x-request-id': 'q1' } },
      ),
    );
    const error = await testClient()
      .plans.get('nope')
      .asResponse()
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, requestId: 'q1' });
  });

  it('puts the request id on every APIError and in the info log line of the answer', async () => {
    server.use(
      answer(
        PLAN_ROUTE,
        { detail: 'Not found.' },
        { status: 404, headers: { 'x-request-id': 'req_404' } },
      ),
    );
    const logger = spyLogger();
    const error = await testClient({ logger, logLevel: 'info' })
      .plans.get('nope')
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ requestId: 'req_404' });
    const lines = logger.info.mock.calls.map(([line]) => line as string);
    expect(lines).toContainEqual(expect.stringMatching(/← 404 GET .*\[request id req_404\]$/));
  });
});
