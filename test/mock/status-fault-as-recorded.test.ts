// A `status` fault is how a user's test simulates a server failure. Under the deployed profile it
// answered `{"detail": "Simulated failure (HTTP 500)", "status_code": 500}` for a 500 and
// `{"detail": "Simulated failure (HTTP 401)"}` for a 401, bodies the real server never sends: its
// 500 is Django's HTML page, its refused token `{error, is_authenticated}` with
// `WWW-Authenticate: Token` (docs/reference/real-exchanges.json). A test that relied on the
// simulated error's body or message passed against the simulator and failed against the server.
import { afterEach, describe, expect, it } from 'vitest';
import { APIError, createClient } from '../../src/index.js';
import type { MockServer } from '../../src/mock/index.js';
import { closeServers, startServer } from './support.js';
import { exchanges } from './parity/transcript.js';

afterEach(closeServers);

const PLAN = 'GET /v1/payments/plan/{plan_slug}';

/** The first recorded answer of this status whose content type and body key match. */
function recorded(status: number, contentType: string, key?: string) {
  const found = exchanges.find(
    ({ response }) =>
      response.status === status &&
      response.contentType === contentType &&
      (key === undefined || Object.hasOwn(response.body as object, key)),
  );
  if (!found) throw new Error(`no recorded ${status} ${contentType} answer`);
  return found.response;
}

async function faulted(server: MockServer, status: number) {
  server.simulator.faults.inject({ route: PLAN, kind: 'status', status, retryAfter: '1' });
  return fetch(`${server.url}/v1/payments/plan/seatpay-per-seat`, {
    headers: { authorization: `Token ${server.simulator.users.owner.token}` },
  });
}

describe("a status fault answers as the deployed server's own failure", () => {
  it("500: Django's HTML page, as recorded, Retry-After kept", async () => {
    const real = recorded(500, 'text/html');
    const answer = await faulted(await startServer({ profile: 'deployed' }), 500);
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect((await answer.text()).trim()).toBe(String(real.body).trim());
  });

  it('401: a refused token, {error, is_authenticated} and WWW-Authenticate, as recorded', async () => {
    const real = recorded(401, 'application/json', 'error');
    const answer = await faulted(await startServer({ profile: 'deployed' }), 401);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Token');
    const body = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(real.body as object).sort());
    expect(body).toEqual({
      error: 'Invalid or Inactive Token',
      is_authenticated: 'False',
      status_code: 401,
    });
  });

  it("the client's error is the one the real 500 gives", async () => {
    const server = await startServer({ profile: 'deployed' });
    server.simulator.faults.inject({ route: PLAN, kind: 'status', status: 500 });
    const client = createClient({
      baseUrl: server.url,
      token: server.simulator.users.owner.token,
      profile: 'deployed',
      maxRetries: 0,
    });
    const error = await client.plans.get('seatpay-per-seat').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/^500 HTML error page: Server Error \(500\)/);
    expect((error as APIError).body).toBe(String(recorded(500, 'text/html').body));
  });

  it('the spec profile answers its own JSON (a 401 as its refused token); a given body goes as given', async () => {
    const spec = await startServer();
    const crash = await faulted(spec, 500);
    expect(await crash.json()).toEqual({
      detail: 'Simulated failure (HTTP 500)',
      status_code: 500,
    });
    const refused = await faulted(spec, 401);
    expect(await refused.json()).toEqual({ detail: 'Invalid or Inactive Token', status_code: 401 });
    const deployed = await startServer({ profile: 'deployed' });
    deployed.simulator.faults.inject({ route: PLAN, kind: 'status', status: 500, body: { x: 1 } });
    const given = await fetch(`${deployed.url}/v1/payments/plan/seatpay-per-seat`);
    expect(await given.json()).toEqual({ x: 1 });
  });
});
