import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Seatpay from '../../src/index.js';

// The observer (tracing and metrics) is a chunk of its own, loaded with a client that has a
// tracer or a meter. A chunk that never arrives (a page whose network stalls) must not hold a
// traced call past its signal or its timeout: the wait ends as every other lazy part's does,
// with nothing sent. Each test gets a fresh copy of the package whose observer never loads.

let seatpay: typeof Seatpay;

beforeEach(async () => {
  vi.resetModules();
  vi.doMock('../../src/core/observe/observer.js', () => new Promise(() => undefined));
  seatpay = await import('../../src/index.js');
});

const plan = { id: 7, slug: 'team-per-seat', title: 'Team' };
const span = { setAttribute() {}, addEvent() {}, setStatus() {}, end() {} };
const tracer: Seatpay.TelemetryTracer = {
  startActiveSpan: (_name, _options, fn) => fn(span) as never,
};

/** A fetch that answers the plan and records what was sent. */
function recording() {
  const sent: string[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    const headers = { 'content-type': 'application/json' };
    return Promise.resolve(new Response(JSON.stringify(plan), { headers }));
  };
  return { sent, fetch };
}

/** A client with the tracer, once an untraced call has loaded the request path and the plans' schemas. */
async function tracedClient(options: object = {}) {
  const { sent, fetch } = recording();
  const base = { baseUrl: 'https://api.example.com', token: 't0k', fetch };
  await seatpay.createClient(base).plans.get('team-per-seat');
  sent.length = 0;
  return { client: seatpay.createClient({ ...base, tracer, ...options }), sent };
}

describe('a tracing chunk that never arrives', () => {
  it('a call ends within its timeout: ConnectionError, nothing sent', async () => {
    const { client, sent } = await tracedClient();
    const error = await client.plans
      .get('team-per-seat', { timeout: 200 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(seatpay.ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect((error as Error).message).toMatch(/within 200 ms.*nothing was sent/);
    expect(sent).toEqual([]);
  });

  it("a call ends with its signal, and the client's timeout bounds it too", async () => {
    const { client, sent } = await tracedClient({ timeout: 60_000 });
    const controller = new AbortController();
    const call = client.plans.get('team-per-seat', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(seatpay.AbortError);
    const bounded = await tracedClient({ timeout: 200 });
    await expect(bounded.client.plans.get('team-per-seat')).rejects.toBeInstanceOf(
      seatpay.ConnectionError,
    );
    expect([...sent, ...bounded.sent]).toEqual([]);
  });

  it('a call whose own AbortSignal.timeout fired, before or while it waits: TimeoutError', async () => {
    const { client, sent } = await tracedClient();
    // What AbortSignal.timeout fires with, at a moment the test chooses.
    const timedOut = () =>
      new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const controller = new AbortController();
    const during = client.plans.get('team-per-seat', { signal: controller.signal });
    controller.abort(timedOut());
    const before = client.plans.get('team-per-seat', { signal: AbortSignal.abort(timedOut()) });
    for (const call of [during, before]) {
      const error = await call.catch((caught: unknown) => caught);
      // As for a client that does not trace: not a bare AbortError.
      expect(error).toBeInstanceOf(seatpay.TimeoutError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
      expect((error as Error).message).toMatch(/the caller's signal had timed out/);
    }
    expect(sent).toEqual([]);
  });

  it("a helper's operation span waits no longer than its signal: purchase() and upload", async () => {
    const { client, sent } = await tracedClient();
    const controller = new AbortController();
    const purchase = client.purchase({
      plan: 'team-per-seat',
      card: { card_number: '4242424242424242', cvc: '123' },
      chosen_period: 'MONTH',
      signal: controller.signal,
    });
    const upload = client.media.upload(new Uint8Array(10), {
      operation_type: 'media',
      signal: controller.signal,
    });
    controller.abort();
    const failures = await Promise.all([purchase, upload].map((p) => p.catch((e: unknown) => e)));
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(seatpay.AbortError);
      expect(failure).toMatchObject({ mayHaveBeenProcessed: false });
    }
    expect(sent).toEqual([]);
  });
});
