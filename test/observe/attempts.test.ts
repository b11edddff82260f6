// Every attempt is one CLIENT span, named after its route's template, with the HTTP client
// semantic conventions' attributes, current while it runs (so a propagator injects traceparent),
// and one `http.client.request.duration` point: with the real OpenTelemetry SDK, over msw.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AbortError, InvalidRequestError, TimeoutError } from '../../src/index.js';
import { answer, BASE_URL, testClient, TOKEN, useMockService } from '../support/msw.js';
import { idOf, injectTraceparent, parentOf, useTelemetry } from './support/otel.js';

const { server, seen } = useMockService();
const otel = useTelemetry();
const traced = (options: Parameters<typeof testClient>[0] = {}) =>
  testClient({ tracer: otel.tracer(), meter: otel.meter(), ...options });

function sequence(path: string, ...responses: (() => Response)[]) {
  let call = 0;
  return http.get(BASE_URL + path, () => responses[Math.min(call++, responses.length - 1)]!());
}
const busy = () => HttpResponse.json({ detail: 'busy' }, { status: 503 });
const plan = () =>
  HttpResponse.json({ id: 1, slug: 'team' }, { headers: { 'x-request-id': 'req-7' } });

describe('a traced call', () => {
  it('is one CLIENT span named by its template, with the semantic conventions', async () => {
    server.use(
      answer('GET /v2/payments/subscription/:id/billing-team/seat', [], {
        headers: { 'x-request-id': 'req-1' },
      }),
    );
    await traced().seats.list(42);
    const [span] = otel.spans();
    expect(otel.spans()).toHaveLength(1);
    expect(span!.name).toBe('GET /v2/payments/subscription/{subscription_id}/billing-team/seat');
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    expect(span!.attributes).toEqual({
      'http.request.method': 'GET',
      'url.template': '/v2/payments/subscription/{subscription_id}/billing-team/seat',
      'url.full': `${BASE_URL}/v2/payments/subscription/42/billing-team/seat`,
      'server.address': 'api.seatpay.test',
      'server.port': 443,
      'http.response.status_code': 200,
      'seatpay.request_id': 'req-1',
    });
  });

  it('is current while the attempt runs: a propagator injects its traceparent, under the caller', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team' }));
    const client = traced({
      hooks: { beforeRequest: [({ request }) => injectTraceparent(request)] },
    });
    await otel.inParent(() => client.plans.get('team'));
    const attempt = otel.spans().find((span) => span.kind === SpanKind.CLIENT)!;
    const parent = otel.spans().find((span) => span.name === 'app')!;
    expect(parentOf(attempt)).toBe(idOf(parent));
    const { traceId, spanId } = attempt.spanContext();
    expect(seen[0]!.headers.traceparent).toBe(`00-${traceId}-${spanId}-01`);
  });

  it('retried: one span per attempt, the resend count from the second on, ERROR for the 503', async () => {
    server.use(sequence('/v1/payments/plan/:slug', busy, busy, plan));
    await traced({ maxRetries: 2 }).plans.get('team');
    const spans = otel.spans();
    expect(spans.map((span) => span.attributes['http.response.status_code'])).toEqual([
      503, 503, 200,
    ]);
    expect(spans.map((span) => span.attributes['http.request.resend_count'])).toEqual([
      undefined,
      1,
      2,
    ]);
    expect(spans.map((span) => span.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
    expect(spans.map((span) => span.attributes['error.type'])).toEqual(['503', '503', undefined]);
    expect(spans[2]!.attributes['seatpay.request_id']).toBe('req-7');
    const { unit, points } = await otel.durations();
    expect(unit).toBe('s');
    const byStatus = points.map((p) => [p.attributes['http.response.status_code'], p.value.count]);
    expect(byStatus).toEqual(
      expect.arrayContaining([
        [503, 2],
        [200, 1],
      ]),
    );
    expect(points[0]!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/v1/payments/plan/{plan_slug}',
      'server.address': 'api.seatpay.test',
      'server.port': 443,
    });
    // Low cardinality: never the concrete URL nor the request id.
    expect(points.flatMap((p) => Object.keys(p.attributes))).not.toContain('url.full');
  });

  it('a 404 ends ERROR with its status and the scrubbed exception, and is not retried', async () => {
    server.use(
      answer('GET /v1/payments/plan/:slug', { detail: `no plan for ${TOKEN}` }, { status: 404 }),
    );
    await expect(traced().plans.get('team')).rejects.toMatchObject({ status: 404 });
    const [span] = otel.spans();
    expect(span!.attributes['error.type']).toBe('404');
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
    const exception = span!.events.find((event) => event.name === 'exception')!;
    expect(exception.attributes!['exception.type']).toBe('NotFoundError');
    expect(String(exception.attributes!['exception.message'])).toContain('no plan for');
    expect(await otel.text()).not.toContain(TOKEN);
  });

  it('a timeout is error.type "timeout", an abort "AbortError": each attempt ended', async () => {
    let arrived = () => {};
    server.use(
      http.get(`${BASE_URL}/v1/payments/plan/:slug`, () => {
        arrived();
        return new Promise<never>(() => {});
      }),
    );
    const client = traced({ maxRetries: 0 });
    await expect(client.plans.get('team', { timeout: 20 })).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const aborted = client.plans.get('team', { signal: controller.signal });
    await reached; // aborted once the attempt is out, not on a timer that may beat it
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
    expect(otel.spans().map((span) => span.attributes['error.type'])).toEqual([
      'timeout',
      'AbortError',
    ]);
    expect(otel.spans().every((span) => span.status.code === SpanStatusCode.ERROR)).toBe(true);
    const { points } = await otel.durations();
    expect(points.map((p) => p.attributes['error.type']).sort()).toEqual(['AbortError', 'timeout']);
  });

  it('a connection refused is error.type its code', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    const fetch = () => Promise.reject(new TypeError('fetch failed', { cause: refused }));
    const client = traced({ baseUrl: 'http://127.0.0.1:9', maxRetries: 0, fetch });
    await expect(client.plans.get('team')).rejects.toThrow(/ECONNREFUSED/);
    const [span] = otel.spans();
    expect(span!.attributes).toMatchObject({ 'server.port': 9, 'error.type': 'ECONNREFUSED' });
    expect(span!.status.code).toBe(SpanStatusCode.ERROR);
  });

  it("asResponse(): the span ends at the answer's headers, the body left to the caller", async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team' }));
    const response = await traced().plans.get('team').asResponse();
    expect(otel.spans().map((span) => span.attributes['http.response.status_code'])).toEqual([200]);
    await expect(response.json()).resolves.toEqual({ id: 1, slug: 'team' });
  });

  it('a meter alone: durations, and no span', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team' }));
    const client = testClient({ meter: otel.meter() });
    await client.plans.get('team');
    await client.plans.get('team');
    const { points } = await otel.durations();
    expect(points.map((p) => p.value.count)).toEqual([2]);
    expect(points[0]!.value.sum).toBeGreaterThan(0);
    expect(otel.spans()).toEqual([]);
  });

  it('bad input sends nothing and traces nothing', async () => {
    await expect(traced().plans.get('')).rejects.toBeInstanceOf(InvalidRequestError);
    expect(otel.spans()).toEqual([]);
  });
});
