// A redirect is never followed and never retried: it is a RedirectError on the first answer, in
// every runtime (workerd and edge refuse `redirect: 'error'`, so seatpay sends 'manual').
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, RedirectError, SeatpayError } from '../../src/index.js';

const TOKEN = 'tok_redirect_secret';
let server: Server;
let url: string;
const seen = { redirected: 0, followed: 0, status: 307 };

beforeEach(async () => {
  Object.assign(seen, { redirected: 0, followed: 0, status: 307 });
  server = createServer((request, response) => {
    request.resume();
    if (request.url?.startsWith('/followed')) {
      seen.followed += 1;
      return void response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"id":1,"slug":"team-per-seat"}');
    }
    seen.redirected += 1;
    // The Location carries the token, as a careless server might: it must not reach the error.
    response
      .writeHead(seen.status, { location: `/followed${request.url}?t=${TOKEN}` })
      .end('moved');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((done) => server.close(() => done())));

const clientOf = (options: { fetch?: typeof fetch } = {}) =>
  createClient({ baseUrl: url, token: TOKEN, logLevel: 'off', maxRetries: 3, ...options });

describe('a redirect answer', () => {
  it('rejects with RedirectError on the first answer: not followed, not retried', async () => {
    const error = await clientOf()
      .plans.get('team-per-seat')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toBeInstanceOf(SeatpayError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({
      status: 307,
      method: 'GET',
      url: `${url}/v1/payments/plan/team-per-seat`,
      mayHaveBeenProcessed: false,
    });
    expect((error as RedirectError).location).toMatch(
      new RegExp(`^${url}/followed/v1/payments/plan/team-per-seat\\?t=`),
    );
    expect(seen).toMatchObject({ redirected: 1, followed: 0 });
  });

  it.for([301, 302, 303, 308])('%i is one too', async (status) => {
    seen.status = status;
    await expect(clientOf().plans.get('team-per-seat')).rejects.toMatchObject({
      name: 'RedirectError',
      status,
    });
    expect(seen).toMatchObject({ redirected: 1, followed: 0 });
  });

  it('after a POST may have been acted on (a 303 says "done, look there")', async () => {
    seen.status = 303;
    const error = await clientOf()
      .checking.preview({ plans: [1], team_seats: 3 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ method: 'POST', mayHaveBeenProcessed: true });
    expect(seen.redirected).toBe(1);
  });

  it('never shows the token, even when the Location carries it', async () => {
    const error = await clientOf()
      .plans.get('team-per-seat')
      .catch((caught: unknown) => caught);
    const shown = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
    expect(shown).not.toContain(TOKEN);
    expect((error as RedirectError).location).not.toContain(TOKEN);
  });

  it("a browser's opaque redirect (status 0, no Location) is one too", async () => {
    const opaque = Object.defineProperties(new Response(null, { status: 200 }), {
      type: { value: 'opaqueredirect' },
      status: { value: 0 },
      ok: { value: false },
    });
    const requests: Request[] = [];
    const fetchOpaque = async (request: Request) => {
      requests.push(request);
      return opaque;
    };
    const error = await clientOf({ fetch: fetchOpaque as typeof fetch })
      .plans.get('team-per-seat')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: undefined, location: undefined });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.redirect).toBe('manual');
  });
});
