import { inspect } from 'node:util';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SeatpayError, type LogLevel } from '../../src/index.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { showsSecret } from '../support/secret-text.js';
import { printedLog } from '../support/printed-failure.js';

const { server } = useMockService();
const CARD = { card_number: '4111111111111111', cvc: '737', exp_month: '12', exp_year: '2030' };
const SECRETS = [TOKEN, CARD.card_number, CARD.cvc];

/** Everything a user could print of an error. */
function renderings(error: unknown): string[] {
  const e = error as Error;
  return [e.message, String(e.stack), JSON.stringify(e), inspect(e, { depth: 10 }), String(e)];
}

// A hostile service that echoes back everything it was sent, in the body and the message.
function echoing(status: number) {
  return http.put(`${BASE_URL}/v1/payments/card`, async ({ request }) => {
    const sent = await request.text();
    return HttpResponse.json(
      {
        detail: `rejected ${sent} for ${request.headers.get('authorization')}`,
        card_number: CARD.card_number,
        echo: JSON.parse(sent),
      },
      { status },
    );
  });
}

describe('no token, card number or CVC in anything seatpay emits', () => {
  const failures: [string, () => void][] = [
    ['a 402 that echoes the request', () => server.use(echoing(402))],
    ['a 500 that echoes the request', () => server.use(echoing(500))],
    [
      'a dropped connection',
      () => server.use(http.put(`${BASE_URL}/v1/payments/card`, () => HttpResponse.error())),
    ],
    [
      'a 2xx that breaks the schema and echoes',
      () =>
        server.use(
          http.put(`${BASE_URL}/v1/payments/card`, async ({ request }) =>
            HttpResponse.json({ status: 7, echo: await request.text() }),
          ),
        ),
    ],
  ];
  const levels: LogLevel[] = ['debug', 'info', 'warn', 'error'];

  for (const [name, arrange] of failures) {
    for (const logLevel of levels) {
      it(`${name}, logLevel ${logLevel}`, async () => {
        arrange();
        const { logger, lines } = printedLog();
        const error = await testClient({ logger, logLevel, maxRetries: 1 })
          .card.register(CARD)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(SeatpayError);
        const everything = [...renderings(error), ...lines].join('\n');
        expect(SECRETS.filter((secret) => showsSecret(everything, secret))).toEqual([]);
        if (logLevel === 'debug') expect(lines.join('\n')).toContain('[REDACTED]');
      });
    }
  }

  it('invalid card input names the field without echoing the value', async () => {
    const error = await testClient()
      .card.register({ ...CARD, card_number: '4111 1111 1111 111x' })
      .catch((e: unknown) => e);
    for (const text of renderings(error)) expect(text).not.toContain('1111 111x');
    expect(error).toMatchObject({ field: 'card_number' });
  });

  it('debug logs of a successful call redact the Authorization header and card fields', async () => {
    server.use(http.put(`${BASE_URL}/v1/payments/card`, () => HttpResponse.json({ status: 'ok' })));
    const { logger, lines } = printedLog();
    await testClient({ logger, logLevel: 'debug' }).card.register(CARD);
    const log = lines.join('\n');
    expect(log).toContain('PUT');
    expect(SECRETS.filter((secret) => showsSecret(log, secret))).toEqual([]);
  });
});
