import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { seenOfFailure } from '../support/printed-failure.js';
import { littleEndianWords, octalOffset, odLines } from './support/od-lines.js';
import { card, password, token } from './support/secret-dumps.js';

// redteam47: a token, password or card printed by od (`-b`, `-c`, `-d`, its default), listed a
// character each (Python's `list(token)`, Java's `Arrays.toString`), base64 broken into lines of 8
// or fewer, or a hex dump whose every line carries a log's prefix: each was printed, whole or its
// pieces, in `redactSecrets` and in a failed call's error and log lines.

/** od's lines: a seven-digit octal offset, 16 bytes' `field`s, and the last offset alone. */
const od = (bytes: Buffer, fields: (line: Buffer) => string) =>
  [...odLines(bytes, fields), octalOffset(bytes.length)].join('\n');
const words = littleEndianWords;
const CHARS: Record<number, string> = { 0: '\\0', 9: '\\t', 10: '\\n', 13: '\\r' };
const forms: Record<string, (text: string) => string> = {
  'od -b': (text) =>
    od(Buffer.from(text), (line) =>
      [...line].map((b) => ` ${b.toString(8).padStart(3, '0')}`).join(''),
    ),
  'od -c': (text) =>
    od(Buffer.from(text), (line) =>
      [...line]
        .map((b) =>
          (CHARS[b] ?? (b >= 32 && b < 127 ? String.fromCharCode(b) : b.toString(8))).padStart(4),
        )
        .join(''),
    ),
  'od -d': (text) =>
    od(Buffer.from(text), (line) =>
      words(line)
        .map((w) => String(w).padStart(6))
        .join(''),
    ),
  od: (text) =>
    od(Buffer.from(text), (line) =>
      words(line)
        .map((w) => ` ${w.toString(8).padStart(6, '0')}`)
        .join(''),
    ),
  "Python's list(token)": (text) =>
    `chars=${JSON.stringify([...text])
      .replace(/"/g, "'")
      .replace(/,/g, ', ')}`,
  "Python's pprint of it": (text) => `[${[...text].map((c) => `'${c}'`).join(',\n ')}]`,
  "Java's Arrays.toString": (text) => `chars: [${[...text].join(', ')}]`,
  'base64, lines of 8': (text) => Buffer.from(text).toString('base64').replace(/.{8}/g, '$&\n'),
  'base64, lines of 4 in JSON': (text) =>
    JSON.stringify({ body: Buffer.from(text).toString('base64').replace(/.{4}/g, '$&\n') }),
  'xxd, each line after a log prefix': (text) => prefixed(xxd(Buffer.from(text))),
  'hexdump -C, each line after a log prefix': (text) => prefixed(hexdumpC(Buffer.from(text))),
};
const hex = (b: number) => b.toString(16).padStart(2, '0');
const column = (line: Buffer) =>
  [...line].map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('');
function xxd(bytes: Buffer): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const line = bytes.subarray(at, at + 16);
    const pairs = [...line]
      .map(hex)
      .join('')
      .replace(/.{4}(?!$)/g, '$& ');
    lines.push(`${at.toString(16).padStart(8, '0')}: ${pairs.padEnd(39)}  ${column(line)}`);
  }
  return lines.join('\n');
}
function hexdumpC(bytes: Buffer): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const line = bytes.subarray(at, at + 16);
    const pairs = [...line].map(hex);
    const both = `${pairs.slice(0, 8).join(' ')}  ${pairs.slice(8).join(' ')}`;
    lines.push(`${at.toString(16).padStart(8, '0')}  ${both.padEnd(48)}  |${column(line)}|`);
  }
  return lines.join('\n');
}
const prefixed = (dump: string) =>
  dump
    .split('\n')
    .map((line, at) => `2026-12-01T00:00:0${at}Z app[123]: ${line}`)
    .join('\n');

const body = (secret: string, before: number) =>
  `{"${'x'.repeat(before)}auth":"${secret}","seats":4}`;

/** Whether `out` shows six characters of `secret` in a row, as text or in any of `form`'s ways. */
const shows = (out: string, secret: string, form: (text: string) => string) =>
  [0, 6, secret.length - 6].some((at) => {
    const piece = secret.slice(at, at + 6);
    return (
      out.includes(piece) ||
      form(piece)
        .split('\n')
        .some((line) => line.length > 12 && out.includes(line))
    );
  });

describe('a secret printed by od, listed a character each, in narrow base64, in a prefixed dump', () => {
  const cases = Object.keys(forms).flatMap((form) =>
    [token, password, card].flatMap((secret) =>
      [0, 7].map((before) => [form, secret, before] as const),
    ),
  );

  it.each(cases)('%s of %s after %i more bytes is hidden', async (form, secret, before) => {
    const text = `request body:\n${forms[form]!(body(secret, before))}\nnext line`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(shows(out, secret, forms[form]!)).toBe(false);
    // Only the form is hidden: the log's lines around it stay.
    expect(out).toMatch(/^request body:\n[^]*\nnext line$/);
    expect(await redactSecretsAsync(text, [secret])).toBe(out);
  });

  it.each(Object.keys(forms))('%s of other text stays as it is', (form) => {
    const text = `request body:\n${forms[form]!(body('sk_live_other0000000000000', 3))}\nnext line`;
    expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });

  it("a prefixed dump's other lines and the log around it stay", () => {
    const dump = prefixed(xxd(Buffer.from(body(token, 0))));
    const log = `2026-12-01T00:00:00Z app[123]: GET /v1/teams 200\n${dump}\n2026-12-01T00:00:09Z app[123]: done`;
    const out = redactSecrets(log, [token]);
    expect(out.split('\n')[0]).toBe('2026-12-01T00:00:00Z app[123]: GET /v1/teams 200');
    expect(out.split('\n').at(-1)).toBe('2026-12-01T00:00:09Z app[123]: done');
    expect(out.split('\n')[1]).toMatch(/^2026-12-01T00:00:00Z app\[123\]: /);
  });
});

describe("a service's error echoing the token so", () => {
  const { server } = useMockService();

  it.each(Object.keys(forms))('%s: not in the error, its printing nor the log', async (form) => {
    const echo = forms[form]!(`Authorization: Bearer ${TOKEN}`);
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
  });
});
