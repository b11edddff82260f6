// A 2xx answer that is not JSON is quoted by its ResponseValidationError, cut to 500 characters.
// In Node only the start of the text is searched for secrets now (an answer of 5 MB held the event
// loop 60-140 ms): the quote must be what redacting the whole text and cutting it gives, at
// the cut too (a secret across it leaves nothing readable), when markers shorten the text (the
// quote then reaches far into it), and for words (base64, hex) that run past the part searched.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { validationQuoteOf as quoteOf } from '../support/validation-quote.js';

const LONG = 'tok_7Hq2mZ9vXc4LpR8sW1nB';
/** Under 6 characters: only where it stands alone, and inside base64 and hex words. */
const SHORT = 'q7Zk9';

/** What the quote must be: the whole text redacted, then cut. */
const expected = (token: string, text: string) => redactSecrets(text, [token]).slice(0, 500);

const hex = (text: string) =>
  [...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A secret's forms and its near misses, as an answer may quote them. */
function formsOf(token: string): string[] {
  return [
    token,
    ` ${token} `,
    encodeURIComponent(token).replace(/[a-z0-9]/gi, (c) => `%${c.charCodeAt(0).toString(16)}`),
    [...token].map((c) => `\\u00${c.charCodeAt(0).toString(16)}`).join(''),
    [...token].map((c) => `&#${c.charCodeAt(0)};`).join(''),
    btoa(`Bearer ${token}`),
    btoa(`{"t":"${token}"}`),
    hex(`{"t":"${token}"}`),
    token.slice(0, Math.ceil(token.length / 2)),
    token.slice(3),
    token.slice(0, -1),
    token.repeat(40),
  ];
}

const FILLER = ['<p>maintenance ', 'deadbeef 1234567 ', 'id=80421; ', 'QUJDREVGR0hJSktM', '\n', ''];

/** A deterministic random text of about `size` characters, the secret's forms anywhere in it. */
function textOf(token: string, seed: number, size: number): string {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
  const forms = formsOf(token);
  let text = '<html>';
  while (text.length < size) {
    text += FILLER[next(FILLER.length)]!.repeat(1 + next(30));
    if (next(3) === 0) text += forms[next(forms.length)]!;
  }
  return text.slice(0, size);
}

describe('a 2xx answer that is not JSON, as its validation error quotes it', () => {
  it.each([LONG, SHORT])(
    'is the whole redaction cut, for random texts (token %s)',
    async (token) => {
      for (let seed = 1; seed <= 60; seed++) {
        const text = textOf(token, seed, 200 + ((seed * 7919) % 40_000));
        expect(await quoteOf(token, text), `seed ${seed}`).toBe(expected(token, text));
      }
    },
  );

  it('hides a secret the cut at 500 falls in, whatever the offset', async () => {
    for (let at = 470; at < 500; at += 3) {
      const text = `<html>${'x'.repeat(at - 6)}${LONG} and the rest ${'y'.repeat(100_000)}`;
      const quote = await quoteOf(LONG, text);
      expect(quote).toBe(expected(LONG, text));
      expect(quote).toHaveLength(500);
      expect(`[REDACTED] and the rest ${'y'.repeat(40)}`.startsWith(quote.slice(at))).toBe(true);
    }
  });

  it('reaches past the part first searched when markers shorten the text', async () => {
    // The copies of the token become one marker: the quote is made of what comes after them, and
    // the token's first characters there (too few to be a piece) are healthy text.
    const text = `<html>${LONG.repeat(2_000)} <p>${LONG.slice(0, 5)} healthy text ${'z'.repeat(600)}`;
    const quote = await quoteOf(LONG, text);
    expect(quote).toBe(expected(LONG, text));
    expect(quote).toMatch(
      new RegExp(`^<html>\\[REDACTED\\] <p>${LONG.slice(0, 5)} healthy text zzz`),
    );
    expect(quote).not.toContain(LONG);
  });

  it('hides a secret a single run of the token holds, however far it runs past the cut', async () => {
    // No separator: the copies are one run, one marker; a view cut inside it must not leave a
    // piece of the last copy behind the marker.
    for (const copies of [300, 1_000, 3_000]) {
      const text = `<html>${LONG.repeat(copies)}${LONG.slice(0, 9)}</html> ${'w'.repeat(1_000)}`;
      const quote = await quoteOf(LONG, text);
      expect(quote).toBe(expected(LONG, text));
      expect(quote.startsWith('<html>[REDACTED]')).toBe(true);
    }
  });

  it('hides a short secret inside a base64 or hex word that runs on for megabytes', async () => {
    const words = [
      btoa(`{"cvc":"${SHORT}"}${'a'.repeat(300_000)}`),
      hex(`${SHORT} ${'b'.repeat(200_000)}`),
    ];
    // Every offset modulo 4: a word cut anywhere would decode to nothing, or to less.
    for (const word of words)
      for (let before = 470; before < 474; before++) {
        const text = `<html>${'v'.repeat(before)} ${word} tail`;
        const quote = await quoteOf(SHORT, text);
        expect(quote).toBe(expected(SHORT, text));
        expect(quote).toBe(`<html>${'v'.repeat(before)} [REDACTED] tail`);
      }
  });
});
