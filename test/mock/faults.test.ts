import { afterEach, describe, expect, it } from 'vitest';
import { createSimulator, type FaultSpec, type MockServer } from '../../src/mock/index.js';
import { call, closeServers, startServer, waitForNewSubscription } from './support.js';

afterEach(closeServers);

/** A server with a paid-for-ready bag: card registered, bag token in hand. */
async function readyToPay(): Promise<{
  server: MockServer;
  token: string;
  pay: () => Promise<Awaited<ReturnType<typeof call>>>;
}> {
  const server = await startServer();
  const token = server.simulator.users.owner.token;
  const bag = await call(server, token, 'POST', '/v1/payments/checking', {
    type: 'BAG',
    plans: [3],
  });
  await call(server, token, 'PUT', '/v1/payments/card', {
    card_number: '4242424242424242',
    cvc: '123',
  });
  return {
    server,
    token,
    pay: () =>
      call(server, token, 'POST', '/v1/payments/pay', {
        token: bag.body.token,
        chosen_period: 'MONTH',
      }),
  };
}

describe('status faults', () => {
  it('answers the status with Retry-After, without processing, once by default', async () => {
    const { server, pay } = await readyToPay();
    server.simulator.faults.inject({
      route: 'POST /v1/payments/pay',
      kind: 'status',
      status: 503,
      retryAfter: '2',
    });
    const failed = await pay();
    expect(failed).toMatchObject({
      status: 503,
      body: { detail: expect.any(String), status_code: 503 },
    });
    expect(failed.headers.get('retry-after')).toBe('2');
    expect(failed.headers.get('x-request-id')).toMatch(/^req_/);
    expect(server.simulator.charges).toEqual([]);
    expect((await pay()).status).toBe(201);
    expect(server.simulator.charges).toHaveLength(1);
  });

  it('hits `times` requests, matching a template or a concrete path', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    server.simulator.faults.inject({
      route: 'GET /v1/payments/plan/{plan_slug}',
      kind: 'status',
      status: 429,
      times: 2,
    });
    server.simulator.faults.inject({
      route: 'GET /v1/payments/plan/personal',
      kind: 'status',
      status: 500,
    });
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await call(server, token, 'GET', '/v1/payments/plan/personal')).status);
    expect(statuses).toEqual([429, 429, 500, 200]);
  });

  it('sends a given body: an object as JSON, a string verbatim', async () => {
    const server = await startServer();
    server.simulator.faults.inject({
      route: '*',
      kind: 'status',
      status: 502,
      body: { message: 'upstream' },
    });
    server.simulator.faults.inject({
      route: '*',
      kind: 'status',
      status: 500,
      body: '<h1>Server Error (500)</h1>',
    });
    expect((await call(server, null, 'GET', '/v1/anything')).body).toEqual({ message: 'upstream' });
    const html = await fetch(`${server.url}/v1/payments/me/subscription`);
    expect([html.status, html.headers.get('content-type'), await html.text()]).toEqual([
      500,
      'text/html; charset=utf-8',
      '<h1>Server Error (500)</h1>',
    ]);
  });

  it('forgets every fault on clear()', async () => {
    const server = await startServer();
    server.simulator.faults.inject({ route: '*', kind: 'status', status: 500, times: Infinity });
    server.simulator.faults.clear();
    expect(
      (await call(server, server.simulator.users.owner.token, 'GET', '/v2/media/operationtype'))
        .status,
    ).toBe(200);
  });

  it.each([
    { route: '*', kind: 'status' },
    { route: '*', kind: 'status', status: 42 },
    { route: '*', kind: 'latency' },
    { route: '*', kind: 'explode' },
    { route: '*', kind: 'reset-before', times: 0 },
  ])('refuses the malformed fault %j', (spec) => {
    const simulator = createSimulator();
    expect(() => simulator.faults.inject(spec as FaultSpec)).toThrow(TypeError);
  });

  it.each([
    'POST /v1/payment/pay', // a typo in the path
    'GET /v1/payments/pay', // a method the route does not take
    'GET /v1/payments/plan/{slug}', // a placeholder named differently
    'GET /v1/payments/plan/a/b', // a value that is not one segment
    'POST',
  ])('refuses a fault on the unknown route %j, listing the valid ones', (route) => {
    const simulator = createSimulator();
    const inject = () => simulator.faults.inject({ route, kind: 'reset-before' });
    expect(inject).toThrow(TypeError);
    expect(inject).toThrow(`faults.inject: unknown route "${route}"`);
    expect(inject).toThrow(
      /valid routes: '\*', 'GET \/v1\/payments\/plan\/\{plan_slug\}', .*'POST \/v1\/payments\/pay'/,
    );
  });

  it('takes a route in any letter case of the method and with its placeholders filled in', async () => {
    const server = await startServer();
    const token = server.simulator.users.owner.token;
    server.simulator.faults.inject({
      route: 'get /v1/payments/plan/personal',
      kind: 'status',
      status: 502,
    });
    expect((await call(server, token, 'GET', '/v1/payments/plan/team-per-seat')).status).toBe(200);
    expect((await call(server, token, 'GET', '/v1/payments/plan/personal')).status).toBe(502);
  });
});

describe('connection faults', () => {
  it('reset-before drops the connection and changes nothing', async () => {
    const { server, pay } = await readyToPay();
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'reset-before' });
    await expect(pay()).rejects.toThrow(TypeError);
    expect(server.simulator.charges).toEqual([]);
    expect((await pay()).status).toBe(201);
    expect(server.simulator.charges).toHaveLength(1);
  });

  it('reset-after processes the request, counts the charge, then drops the connection', async () => {
    const { server, token, pay } = await readyToPay();
    server.simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'reset-after' });
    await expect(pay()).rejects.toThrow(TypeError);
    expect(server.simulator.charges).toEqual([
      expect.objectContaining({ kind: 'payment', amount: '19.99' }),
    ]);
    expect((await pay()).body).toEqual({ detail: 'Invalid bag token', status_code: 404 });
    expect(await waitForNewSubscription(server, token)).toMatchObject({
      plans: [{ slug: 'personal' }],
    });
  });

  it('latency delays the answer, which then comes as usual', async () => {
    const { server, pay } = await readyToPay();
    server.simulator.faults.inject({
      route: 'POST /v1/payments/pay',
      kind: 'latency',
      latencyMs: 30,
    });
    expect((await pay()).status).toBe(201);
    expect(server.simulator.charges).toHaveLength(1);
  });
});

describe('corrupt-assembly faults', () => {
  it('fire on finalize only, with a corruption named: anything else is refused at inject', () => {
    const simulator = createSimulator();
    const inject = (spec: Partial<FaultSpec>) => () =>
      simulator.faults.inject({ kind: 'corrupt-assembly', ...spec } as FaultSpec);
    expect(inject({ route: 'POST /v1/payments/pay', corruption: 'truncated-chunk' })).toThrow(
      /fires on finalize only/,
    );
    expect(inject({ route: '*', corruption: 'truncated-chunk' })).toThrow(/fires on finalize only/);
    expect(inject({ route: 'POST /v2/media/me/chunk/upload' })).toThrow(/needs `corruption`/);
    expect(
      inject({ route: 'POST /v2/media/me/chunk/uplod', corruption: 'misplaced-chunk' }),
    ).toThrow(/finalize only|unknown route/);
    expect(
      inject({ route: 'POST /v2/media/me/chunk/upload', corruption: 'foreign-chunk' }),
    ).not.toThrow();
    simulator.close();
  });
});
