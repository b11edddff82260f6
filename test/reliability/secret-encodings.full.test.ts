// Secrets in every encoding, property-based: fast-check draws a token (3 to 80 characters, short
// ones included, with characters that escape differently everywhere), a card number and a CVC,
// and a hostile service echoes each of them back in a drawn encoding (plain, upper case,
// URL- and form-encoded, JSON-escaped, HTML-escaped three ways, base64 standard, URL-safe or inside
// a Basic credential, a card grouped by four) and a drawn place (a JSON field nested deep, a text
// or HTML body, a header, the status text, or split in halves across two fields), with a drawn
// status (a 2xx that breaks the schema, or any error). Whatever seatpay emits (the error's message,
// stack, every property, the cause chain, JSON.stringify, util.inspect, String, every log line at
// debug) is decoded by the test's own decoder; no secret may show. And a short token or a CVC is
// not redacted inside a longer word or number: the answer stays readable.
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { APIError, createClient, ResponseValidationError, SeatpayError } from '../../src/index.js';
import {
  cardNumbers,
  cvcs,
  encode,
  ENCODINGS,
  leakedSecrets,
  stringsIn,
  tokens,
  type Encoding,
} from './support/encodings-kit.js';
import { recordingLogger, renderings } from './support/secrets-kit.js';
import { withoutCallDurations } from '../support/secret-text.js';
import { fuzzRuns } from '../support/strength.js';
import { useMockHandlers } from '../support/msw.js';

const BASE = 'https://api.encodings.test';
const SEED = 20_261_123;
/** 300 at full strength (SEATPAY_FULL_STRENGTH=1), half by default; SEATPAY_FUZZ_RUNS sets it. */
const RUNS = fuzzRuns(300);
const PLACES = ['json', 'text', 'html', 'header', 'status-text', 'split'] as const;
type Place = (typeof PLACES)[number];

interface Echo {
  token: string;
  card: string;
  cvc: string;
  encodings: { token: Encoding; card: Encoding; cvc: Encoding };
  place: Place;
  status: number;
  asProvider: boolean;
}

const echoes: fc.Arbitrary<Echo> = fc.record({
  token: tokens(),
  card: cardNumbers(),
  cvc: cvcs(),
  encodings: fc.record({
    token: fc.constantFrom(...ENCODINGS),
    card: fc.constantFrom(...ENCODINGS),
    cvc: fc.constantFrom(...ENCODINGS),
  }),
  place: fc.constantFrom(...PLACES),
  status: fc.constantFrom(200, 400, 401, 403, 404, 409, 422, 429, 500, 502),
  asProvider: fc.boolean(),
});

/** The same word with the short secret inside it: must come back untouched. */
const gluedToken = (echo: Echo) => `Z${echo.token}Z`;
const gluedCvc = (echo: Echo) => `7${echo.cvc}7`;

/** The hostile answer to `card.register` for one drawn echo. */
function answer(echo: Echo): Response {
  const [token, card, cvc] = (['token', 'card', 'cvc'] as const).map((name) =>
    encode(echo[name], echo.encodings[name]),
  );
  const said = `token ${token} card ${card} cvc ${cvc}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let statusText = 'Refused';
  const body: Record<string, unknown> = {
    status: 7, // breaks CardResultSchema, so a 200 is a ResponseValidationError
    detail: 'refused',
    ref: gluedToken(echo),
    order: gluedCvc(echo),
  };
  switch (echo.place) {
    case 'json':
      body.detail = `refused: ${said}`;
      body.trail = [{ deep: { deeper: [said] } }];
      break;
    case 'split':
      for (const name of ['token', 'card'] as const) {
        const half = Math.ceil(echo[name].length / 2);
        body[`${name}_start`] = echo[name].slice(0, half);
        body[`${name}_end`] = echo[name].slice(half);
      }
      body.cvc_check = cvc;
      break;
    case 'header':
      headers['x-echo'] = said;
      break;
    case 'status-text':
      statusText = `Refused ${said}`;
      break;
    case 'text':
      return new HttpResponse(`refused: ${said}`, {
        status: echo.status,
        headers: { 'content-type': 'text/plain' },
      });
    case 'html':
      return new HttpResponse(`<html><title>${said}</title><body><p>${said}</p></body></html>`, {
        status: echo.status,
        headers: { 'content-type': 'text/html' },
      });
  }
  return HttpResponse.json(body, { status: echo.status, headers, statusText });
}

let current: Echo | undefined;
let runs = 0;
let printedChecked = 0;
const byEncoding = new Map<string, number>();

useMockHandlers(http.put(`${BASE}/v1/payments/card`, () => answer(current!)));
afterAll(() => {
  console.log(
    `\nSecret encodings (seed ${SEED}): ${runs} hostile answers, ${printedChecked} printed texts decoded and searched, 0 leaks\n` +
      [...byEncoding].map(([encoding, count]) => `  ${encoding}: ${count}`).join('\n') +
      '\n',
  );
});

describe('secrets echoed in any encoding never show', () => {
  it('in errors, their properties, cause chains, serializations and logs', async () => {
    await fc.assert(
      fc.asyncProperty(echoes, async (echo) => {
        current = echo;
        runs++;
        for (const encoding of Object.values(echo.encodings))
          byEncoding.set(encoding, (byEncoding.get(encoding) ?? 0) + 1);
        const { logger, lines } = recordingLogger();
        const client = createClient({
          baseUrl: BASE,
          token: echo.asProvider ? async () => echo.token : echo.token,
          logger,
          logLevel: 'debug',
          maxRetries: 0,
        });
        const error = await client.card.register({ card_number: echo.card, cvc: echo.cvc }).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(echo.status === 200 ? ResponseValidationError : APIError);
        const logged = lines.map(withoutCallDurations);
        const printed = [...renderings(error), ...stringsIn(error), ...logged];
        printedChecked += printed.length;
        expect(leakedSecrets(printed, [echo.token, echo.card, echo.cvc])).toEqual([]);
        // Not over-redacted: a short secret inside a longer word stays as the service wrote it.
        if (echo.place !== 'text' && echo.place !== 'html') {
          const body = (error as SeatpayError & { body: Record<string, unknown> }).body;
          if (echo.token.length < 8) expect(body.ref).toBe(gluedToken(echo));
          expect(body.order).toBe(gluedCvc(echo));
        }
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 90_000 },
    );
  }, 120_000);
});
