import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { seenOfFailure } from '../support/printed-failure.js';
import { card, password, token } from './support/secret-dumps.js';

// redteam50: a grouped card number cut off or split across two log lines (`4539 1488 0343` at a
// line's end), a secret percent-encoded twice or three times (a URL in another URL's query), and
// a secret in base32: each was printed by `redactSecrets` and in a failed call's error and log.

/** Whether `out` shows eight of the card's digits in a row, its groups' marks left out. */
const showsCardDigits = (out: string) => {
  const digits = out.replace(/(?<=\d)[^\p{L}\p{N}]{1,4}(?=\d)/gu, '');
  return [...Array(card.length - 7).keys()].some((at) => digits.includes(card.slice(at, at + 8)));
};

const line = (text: string) => `2026-12-01T00:00:00Z app[12]: ${text}`;

describe('a grouped card cut off or split across lines', () => {
  const cases: Record<string, string> = {
    'cut off after three groups': line('charged card 4539 1488 0343'),
    'split 10/6 across two log lines': `${line('card 4539 1488 03')}\n${line('43 6467 declined')}`,
    'split 4/12 across two log lines': `${line('card 4539')}\n${line('1488 0343 6467 declined')}`,
    'with dashes, split across CRLF lines': `${line('card 4539-1488-0343-')}\r\n${line('6467')}`,
    'split across two JSON fields': JSON.stringify({ a: 'card 4539 148', b: '8 0343 6467' }),
    'grouped in twos': line('card 45 39 14 88 03'),
    'with a zero-width space in it': line('card 4539\u200b 1488 0343'),
  };

  it.each(Object.keys(cases))('%s: no eight of its digits in a row are printed', async (name) => {
    const text = cases[name]!;
    const out = redactSecrets(text, [card]);
    expect(out).toContain('[REDACTED]');
    expect(showsCardDigits(out)).toBe(false);
    // The piece alone goes: the log's lines and their prefixes stay.
    const prefixes = (lines: string) =>
      lines.split(/\r?\n/).map((at) => at.slice(0, at.indexOf(']: ') + 3));
    expect(prefixes(out)).toEqual(prefixes(text));
    expect(await redactSecretsAsync(text, [card])).toBe(out);
  });

  it('numbers grouped that are not the card stay', () => {
    const text = `${line('seats 4, 5, 3, 9 at 10:41:07.123')}\n${line('order 4539 1400 0343 7777, amount 1,488.03')}`;
    expect(redactSecrets(text, [card, '737'])).toBe(text);
  });
});

/** Percent-encoding as `encodeURIComponent` writes it, every byte (a strict encoder's). */
const everyByte = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');

/** RFC 4648 base32, padded. */
const base32 = (bytes: Buffer) => {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let [bits, value, out] = [0, 0, ''];
  for (const byte of bytes) {
    [value, bits] = [((value << 8) | byte) & 0xffff, bits + 8];
    for (; bits >= 5; bits -= 5) out += abc[(value >>> (bits - 5)) & 31];
  }
  if (bits > 0) out += abc[(value << (5 - bits)) & 31];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
};

const forms: Record<string, (secret: string) => string> = {
  'percent-encoded twice': (secret) => encodeURIComponent(everyByte(secret)),
  'percent-encoded three times': (secret) =>
    encodeURIComponent(encodeURIComponent(everyByte(secret))),
  'a password URL inside a redirect URL': (secret) =>
    `next=${encodeURIComponent(`postgres://app:${encodeURIComponent(`${secret}@/:+`)}@db/x`)}`,
  base32: (secret) => base32(Buffer.from(`{"auth":"${secret}"}`)),
  'base32, lower case': (secret) => base32(Buffer.from(`key=${secret};`)).toLowerCase(),
  'base32 at each alignment': (secret) =>
    [1, 2, 3, 4].map((more) => base32(Buffer.from(`${'x'.repeat(more)}${secret}`))).join(' '),
};

describe('a secret percent-encoded again, or in base32', () => {
  const cases = Object.keys(forms).flatMap((form) =>
    [token, password, card].map((secret) => [form, secret] as const),
  );

  it.each(cases)('%s of %s is hidden', async (form, secret) => {
    const text = `request: ${forms[form]!(secret)} end`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    // Nothing the form wrote of the secret's first, middle or last six characters shows.
    for (const at of [0, 6, secret.length - 6]) {
      const piece = forms[form]!(secret.slice(at, at + 6)).replace(/^next=.*?app%253A|=+$/g, '');
      expect(out).not.toContain(piece.slice(4, -4));
    }
    expect(out).toMatch(/^request: [^]*end$/);
    expect(await redactSecretsAsync(text, [secret])).toBe(out);
  });

  it.each(Object.keys(forms))('%s of another secret stays', (form) => {
    const text = `request: ${forms[form]!('sk_live_other0000000000000')} end`;
    expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });
});

describe("a service's error echoing the token percent-encoded twice or in base32", () => {
  const { server } = useMockService();

  it.each(Object.keys(forms))('%s: not in the error, its printing nor the log', async (form) => {
    const echo = forms[form]!(TOKEN);
    server.use(
      http.get(`${BASE_URL}/v1/payments/plan/:slug`, () =>
        HttpResponse.json({ detail: `refused: ${echo}`, echo }, { status: 400 }),
      ),
    );
    const printed = await seenOfFailure((logger) =>
      testClient({ logger, logLevel: 'debug', maxRetries: 0 }).plans.get('plan_1'),
    );
    expect(printed).toContain('[REDACTED]');
    expect(printed).not.toContain(echo);
  });
});
