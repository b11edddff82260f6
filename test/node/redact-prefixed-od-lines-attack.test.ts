import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { seenOfFailure } from '../support/printed-failure.js';
import { littleEndianWords, octalOffset, odLines } from './support/od-lines.js';
import { card, password, token } from './support/secret-dumps.js';

// redteam50: od's dumps (`od -x`, `-b`, `-d`, `-c`, `-A n -x`) and a list of characters one a
// line, each line logged after a log's prefix (a logger's line per dump line, mixed prefixes,
// CRLF, tabs): the secret was printed whole, though the same dump without the prefixes was hidden.

const hex = (b: number, width = 2) => b.toString(16).padStart(width, '0');
/** od's 16-byte lines: `offset` (seven octal digits) or none, each line's `cells`. */
const od = (text: string, cells: (line: Buffer) => string, offset = true) =>
  odLines(Buffer.from(text), cells, offset ? octalOffset : () => '');
const words = littleEndianWords;
const forms: Record<string, (text: string) => string[]> = {
  'od -x': (text) =>
    od(text, (line) =>
      words(line)
        .map((w) => ` ${hex(w, 4)}`)
        .join(''),
    ),
  'od -A n -x': (text) =>
    od(
      text,
      (line) =>
        words(line)
          .map((w) => ` ${hex(w, 4)}`)
          .join(''),
      false,
    ),
  'od -b': (text) =>
    od(text, (line) => [...line].map((b) => ` ${b.toString(8).padStart(3, '0')}`).join('')),
  'od -d': (text) =>
    od(text, (line) =>
      words(line)
        .map((w) => String(w).padStart(6))
        .join(''),
    ),
  'od -c': (text) =>
    od(text, (line) => [...line].map((b) => String.fromCharCode(b).padStart(4)).join('')),
  "pprint's list, one a line": (text) => [...text].map((c) => `'${c}',`),
};
const prefixes: Record<string, (at: number) => string> = {
  'a timestamp and app[12]': (at) => `2026-12-01T00:00:0${at % 10}Z app[12]: `,
  'mixed prefixes': (at) => ['web[1]: ', 'worker 7: ', '[db] '][at % 3]!,
  'tab-separated columns': (at) => `2026-12-01\tINFO\tline ${at}\t`,
};
const logged = (lines: string[], prefix: (at: number) => string, crlf = false) =>
  lines.map((line, at) => prefix(at) + line).join(crlf ? '\r\n' : '\n');

/** Whether `out` still shows six of `secret`'s characters in a row in the form's lines. */
const shows = (out: string, secret: string, form: (text: string) => string[]) =>
  [0, 6, secret.length - 6].some((at) =>
    form(secret.slice(at, at + 6))
      .map((line) => line.replace(/^[0-7]{7}/, ''))
      .some((line) => out.includes(line)),
  ) || out.includes(secret.slice(0, 6));

describe("od's dumps and lists logged a line at a time, each line after a prefix", () => {
  const cases = Object.keys(forms).flatMap((form) =>
    Object.keys(prefixes).flatMap((prefix) =>
      [token, password, card].map((secret) => [form, prefix, secret] as const),
    ),
  );

  it.each(cases)('%s after %s, of %s: hidden', async (form, prefix, secret) => {
    const text = `request body:\n${logged(forms[form]!(`{"auth":"${secret}"}`), prefixes[prefix]!, prefix === 'mixed prefixes')}\nnext line`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(shows(out, secret, forms[form]!)).toBe(false);
    expect(out).toMatch(/^request body:\n[^]*\nnext line$/);
    expect(await redactSecretsAsync(text, [secret])).toBe(out);
  });

  it.each(Object.keys(forms))('%s of other text, prefixed, stays as it is', (form) => {
    const text = logged(
      forms[form]!('{"auth":"sk_live_other0000000000000"}'),
      prefixes['a timestamp and app[12]']!,
    );
    expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });

  it("a table of numbers after a log's prefix stays", () => {
    const text = logged(
      ['1 2 3 4 5 6 7 8 9', '0000123 4511 1488 77', '  10  20  30  40'],
      prefixes['a timestamp and app[12]']!,
    );
    expect(redactSecrets(text, [token, card, '737'])).toBe(text);
  });
});

describe("a service's error echoing the token so", () => {
  const { server } = useMockService();

  it.each(Object.keys(forms))(
    '%s, prefixed: not in the error, its printing nor the log',
    async (form) => {
      const echo = logged(
        forms[form]!(`Authorization: Bearer ${TOKEN}`),
        prefixes['a timestamp and app[12]']!,
      );
      server.use(
        http.get(`${BASE_URL}/v1/payments/plan/:slug`, () =>
          HttpResponse.json({ detail: `refused:\n${echo}`, echo }, { status: 400 }),
        ),
      );
      const printed = await seenOfFailure((logger) =>
        testClient({ logger, logLevel: 'debug', maxRetries: 0 }).plans.get('plan_1'),
      );
      expect(printed).toContain('[REDACTED]');
      expect(shows(printed, TOKEN, forms[form]!)).toBe(false);
    },
  );
});
