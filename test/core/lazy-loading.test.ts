import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';

// A client's request path (ky, p-retry) and every family's schemas (zod) load with the page: its
// first call waits for no code, and its request leaves within the method call (BENCHMARKS.md,
// "Issue 36"). Only the helpers (purchase, upload, polling, keyed checkout, journal) load on
// first use. The rest of the fast suite runs with those loaded (test/setup/preload.ts); here each
// test gets a fresh copy of the package, with nothing loaded yet, as a page or a process has at
// its start.

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

/** A few turns of the microtask queue: no module loads within them, a started call goes on. */
async function microtasks(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
}

/**
 * A client whose fetch answers every request with `body` and records what was sent, and whose
 * token provider records the attempts that asked for a token (an attempt's first step).
 */
function clientRecording(body: unknown = plan) {
  const sent: string[] = [];
  const attempts: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    const headers = { 'content-type': 'application/json' };
    return Promise.resolve(new Response(JSON.stringify(body), { headers }));
  };
  const token = () => {
    attempts.push('token');
    return 't0k';
  };
  const client = seatpay.createClient({ baseUrl: 'https://api.example.com', token, fetch });
  return { client, sent, attempts };
}

describe('the first call of a client', () => {
  it('waits for no code: its attempt has started when the method returns', async () => {
    const { client, sent, attempts } = clientRecording();
    const first = client.plans.get('team-per-seat');
    // Started within the call, as every later call is: no module to load first.
    expect(attempts).toHaveLength(1);
    await microtasks();
    expect(sent).toEqual(['GET /v1/payments/plan/team-per-seat']);
    await expect(first).resolves.toMatchObject({ id: 7, slug: 'team-per-seat' });
  });

  it('of every family, on a fresh client: started within the call', async () => {
    const { client, sent, attempts } = clientRecording();
    const listing = client.subscriptions.list().catch(() => undefined);
    const preview = client.checking.preview({ plans: [1], team_seats: 3 }).catch(() => undefined);
    expect(attempts).toHaveLength(2);
    await microtasks();
    expect(sent).toEqual(['GET /v1/payments/me/subscription', 'POST /v1/payments/checking']);
    await Promise.all([listing, preview]);
  });

  it('still refuses invalid input before anything is sent', async () => {
    const { client, sent } = clientRecording();
    const error = await client.plans.get('').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.InvalidRequestError);
    expect(error).toMatchObject({ field: 'plan_slug' });
    expect(sent).toEqual([]);
  });

  it('still rejects an answer its schema refuses', async () => {
    const { client } = clientRecording({ id: 'seven' });
    const error = await client.plans.get('team-per-seat').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.ResponseValidationError);
  });

  it('types an error answer at once, in either language', async () => {
    const fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ detail: 'No encontrado.' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
      );
    const client = seatpay.createClient({ baseUrl: 'https://api.example.com', token: 't', fetch });
    const error = await client.plans.get('gone').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.NotFoundError);
  });
});

describe('client.preload()', () => {
  it('loads the helpers, so that a poll starts at once', async () => {
    const { client, sent } = clientRecording({ subscriptions: [] });
    const controller = new AbortController();
    const waiting = client.subscriptions.waitFor({ exclude: [], signal: controller.signal });
    // Not loaded: the poller's chunk comes first, then its first listing.
    await microtasks();
    expect(sent).toEqual([]);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(seatpay.AbortError);

    await client.preload();
    const again = new AbortController();
    const polling = client.subscriptions.waitFor({ exclude: [], signal: again.signal });
    await microtasks();
    expect(sent).toEqual(['GET /v1/payments/me/subscription']);
    again.abort();
    await expect(polling).rejects.toBeInstanceOf(seatpay.AbortError);
  });

  it('serves every client of the page: one load, however many clients', async () => {
    await seatpay.createClient({ baseUrl: 'https://a.example.com', token: 'a' }).preload();
    const { client, sent } = clientRecording({ subscriptions: [] });
    const controller = new AbortController();
    const polling = client.subscriptions.waitFor({ exclude: [], signal: controller.signal });
    await microtasks();
    expect(sent).toEqual(['GET /v1/payments/me/subscription']);
    controller.abort();
    await expect(polling).rejects.toBeInstanceOf(seatpay.AbortError);
  });
});
