// Tracing watches and never changes the call: no secret reaches a span, an event or a metric
// whatever the answer echoes; a tracer or meter that throws never fails the call nor sends it
// twice; `withOptions` clients keep the tracer; a wrong tracer is refused before anything is sent.
import { SpanStatusCode } from '@opentelemetry/api';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, createClient } from '../../src/index.js';
import { answer, BASE_URL, testClient, TOKEN, useMockService } from '../support/msw.js';
import { showsSecret } from '../support/secret-text.js';
import { useTelemetry } from './support/otel.js';

const { server, seen } = useMockService();
const otel = useTelemetry();

const CARD = { card_number: '4111111111111111', cvc: '737', exp_month: '12', exp_year: '2031' };
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe('no secret in telemetry', () => {
  it.each([200, 400, 500])(
    'a card answer %i that echoes the card, the CVC and the token, in headers and body',
    async (status) => {
      const echoed = `${CARD.card_number} cvc ${CARD.cvc} ${TOKEN} ${base64(CARD.card_number)}`;
      server.use(
        http.put(`${BASE_URL}/v1/payments/card`, () =>
          HttpResponse.json(
            { detail: echoed, status: 'ok' },
            { status, headers: { 'x-request-id': echoed } },
          ),
        ),
      );
      const client = testClient({ tracer: otel.tracer(), meter: otel.meter(), maxRetries: 1 });
      await client.card.register(CARD).catch(() => undefined);
      const text = await otel.text();
      expect(otel.spans().length).toBeGreaterThan(0);
      expect(text).toContain('/v1/payments/card');
      for (const secret of [CARD.card_number, CARD.cvc, TOKEN, base64(CARD.card_number)]) {
        expect(showsSecret(text, secret), secret).toBe(false);
      }
      // Headers are not recorded at all: neither the request's nor the answer's.
      expect(text).not.toMatch(/authorization|content-type|http\.(request|response)\.header/i);
    },
  );
});

describe('no CVC in telemetry where a label names it, even against it', () => {
  it('an error answer quoting `cvc737`, `CVV:737`, `code737`', async () => {
    const echoed = `declined: cvc${CARD.cvc}, CVV:${CARD.cvc}, code${CARD.cvc}`;
    server.use(
      http.put(`${BASE_URL}/v1/payments/card`, () =>
        HttpResponse.json({ detail: echoed }, { status: 400 }),
      ),
    );
    const client = testClient({ tracer: otel.tracer(), meter: otel.meter(), maxRetries: 0 });
    await client.card.register(CARD).catch(() => undefined);
    const text = await otel.text();
    expect(text).toContain('declined');
    expect(text).not.toContain(CARD.cvc);
  });
});

/** A tracer from the SDK whose every span method throws after it was called. */
function throwingSpans(tracer: ReturnType<typeof otel.tracer>) {
  return {
    startActiveSpan: (name: string, options: object, fn: (span: unknown) => unknown) =>
      tracer.startActiveSpan(name, options, (span) =>
        fn(
          new Proxy(span, {
            get: () => () => {
              throw new Error('span broke');
            },
          }),
        ),
      ),
  };
}

describe('a tracer or meter that throws never fails the call', () => {
  const broken = {
    'startActiveSpan throws before calling back': {
      startActiveSpan: () => {
        throw new Error('tracer broke');
      },
    },
    'startActiveSpan throws after calling back': {
      startActiveSpan: (_name: string, _options: object, fn: (span: unknown) => unknown) => {
        void fn({ setAttribute() {}, addEvent() {}, setStatus() {}, end() {} });
        throw new Error('tracer broke late');
      },
    },
    'startActiveSpan calls back twice': {
      startActiveSpan: (_name: string, _options: object, fn: (span: unknown) => unknown) => {
        const span = { setAttribute() {}, addEvent() {}, setStatus() {}, end() {} };
        void fn(span);
        return fn(span);
      },
    },
    'startActiveSpan never calls back': { startActiveSpan: () => undefined },
    'every span method throws': throwingSpans(otel.tracer()),
  };

  it.each(Object.entries(broken))('%s: the pay is sent once and resolves', async (_, tracer) => {
    server.use(answer('POST /v1/payments/pay', { id: 9, status: 'PAID' }));
    const client = testClient({ tracer: tracer as never });
    await expect(client.pay.bag({ token: 'bag_1', chosen_period: 'MONTH' })).resolves.toEqual({
      id: 9,
      status: 'PAID',
    });
    expect(seen).toHaveLength(1);
  });

  it('a meter whose histogram throws, or cannot be made', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team' }));
    const throwing = {
      createHistogram: () => ({
        record: () => {
          throw new Error('meter broke');
        },
      }),
    };
    const failing = {
      createHistogram: () => {
        throw new Error('no histograms here');
      },
    };
    for (const meter of [throwing, failing]) {
      await expect(testClient({ meter }).plans.get('team')).resolves.toEqual({
        id: 1,
        slug: 'team',
      });
    }
    expect(seen).toHaveLength(2);
  });
});

describe('the tracer option', () => {
  it('withOptions keeps the tracer and meter unless it sets others', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { id: 1, slug: 'team' }));
    const client = testClient({ tracer: otel.tracer(), meter: otel.meter() });
    await client.withOptions({ timeout: 5_000 }).plans.get('team');
    expect(otel.spans()).toHaveLength(1);
    expect((await otel.durations()).points[0]!.value.count).toBe(1);
    await client.withOptions({ tracer: undefined, meter: undefined }).plans.get('team');
    expect(otel.spans()).toHaveLength(1);
  });

  it('ends spans with ERROR after a 500, whatever withOptions changed', async () => {
    server.use(answer('GET /v1/payments/plan/:slug', { detail: 'down' }, { status: 500 }));
    const client = testClient({ tracer: otel.tracer() }).withOptions({ maxRetries: 0 });
    await expect(client.plans.get('team')).rejects.toMatchObject({ status: 500 });
    expect(otel.spans().map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR]);
  });

  it.each([
    ['tracer', { tracer: {} }],
    ['tracer', { tracer: 'otel' }],
    ['meter', { meter: { createCounter() {} } }],
  ])('a %s that is not OpenTelemetry is refused at once', (field, wrong) => {
    const make = () => createClient({ baseUrl: BASE_URL, token: TOKEN, ...(wrong as object) });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(expect.objectContaining({ field }));
  });
});
