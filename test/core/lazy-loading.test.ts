import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';

// A client loads its request path (ky, p-retry) and each family's schemas (zod) with the first
// call that needs them, so that a page loads less before it runs (BENCHMARKS.md, "Issue 32").
// The rest of the fast suite runs with them loaded (test/setup/preload.ts); here each test gets a
// fresh copy of the package, with nothing loaded yet, as a page or a process has at its start.

const plan = {
  id: 7,
  slug: 'team-per-seat',
  title: 'Team',
  price_per_month: '10.00',
  price_per_year: '100.00',
  seat_price: '5.00',
};

let seatpay: typeof Seatpay;

beforeEach(async () => {
  vi.resetModules();
  seatpay = await import('../../src/index.js');
});

/** A client whose fetch answers every request with the plan, and records what was sent. */
function clientRecording() {
  const sent: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    const headers = { 'content-type': 'application/json' };
    return Promise.resolve(new Response(JSON.stringify(plan), { headers }));
  };
  const client = seatpay.createClient({ baseUrl: 'https://api.example.com', token: 't0k', fetch });
  return { client, sent };
}

describe('the first call of a client', () => {
  it('loads what it needs, then sends and validates as any call', async () => {
    const { client, sent } = clientRecording();
    const first = client.plans.get('team-per-seat');
    // Nothing has gone out while the call's parts load.
    expect(sent).toEqual([]);
    await expect(first).resolves.toMatchObject({ id: 7, slug: 'team-per-seat' });
    expect(sent).toEqual(['GET /v1/payments/plan/team-per-seat']);
  });

  it('still refuses invalid input before anything is sent', async () => {
    const { client, sent } = clientRecording();
    const error = await client.plans.get('').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.InvalidRequestError);
    expect(error).toMatchObject({ field: 'plan_slug' });
    expect(sent).toEqual([]);
  });

  it('aborted while it loads: an AbortError, nothing sent', async () => {
    const { client, sent } = clientRecording();
    const controller = new AbortController();
    const call = client.plans.get('team-per-seat', { signal: controller.signal });
    controller.abort();
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.AbortError);
    expect(sent).toEqual([]);
  });

  it('still rejects an answer its schema refuses', async () => {
    const fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ id: 'seven' }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    const client = seatpay.createClient({ baseUrl: 'https://api.example.com', token: 't', fetch });
    const error = await client.plans.get('team-per-seat').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.ResponseValidationError);
  });
});

describe('client.preload()', () => {
  /** A client whose token provider counts the attempts that asked for a token. */
  function clientCountingAttempts(baseUrl = 'https://api.example.com') {
    const attempts = { count: 0 };
    const token = () => {
      attempts.count += 1;
      return 't0k';
    };
    const fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify(plan), { headers: { 'content-type': 'application/json' } }),
      );
    return { client: seatpay.createClient({ baseUrl, token, fetch }), attempts };
  }

  it('loads every part, so that the next call starts within the method call', async () => {
    const { client, attempts } = clientCountingAttempts();
    const waiting = client.plans.get('team-per-seat');
    // Not loaded: the first call waits for its parts before its attempt asks for a token.
    expect(attempts.count).toBe(0);
    await waiting;
    const { client: ready, attempts: readyAttempts } = clientCountingAttempts();
    await ready.preload();
    const call = ready.subscriptions.list();
    // Loaded: the attempt has started (and asked for its token) before the method returned.
    expect(readyAttempts.count).toBe(1);
    await expect(call).rejects.toBeInstanceOf(seatpay.ResponseValidationError);
  });

  it('serves every client of the page: one load, however many clients', async () => {
    await seatpay.createClient({ baseUrl: 'https://a.example.com', token: 'a' }).preload();
    const { client, attempts } = clientCountingAttempts('https://b.example.com');
    const call = client.plans.get('team-per-seat');
    expect(attempts.count).toBe(1);
    await expect(call).resolves.toMatchObject({ id: 7 });
  });
});
