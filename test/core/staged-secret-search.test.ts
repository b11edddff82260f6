// A review of redteam47's staged search (src/folded-text/staged-pattern.ts): a long secret's
// pattern is searched without its escapes in a text that has none of them. Whatever a text holds,
// what is hidden must be what the whole pattern hides: the same text with an escape put after it
// (`&#`, which every secret's escapes name, matched by nothing) is searched with the whole one.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../src/node.js';

/** Put after a text, it makes every secret's search use the whole pattern. */
const WHOLE = '\n&#';

const hex2 = (byte: number) => byte.toString(16).padStart(2, '0');
const bytesOf = (char: string) => [...new TextEncoder().encode(char)];

/** One character of a secret as a service may echo it (char-forms.ts's forms, any letter case). */
const FORMS: ((char: string) => string | undefined)[] = [
  (char) => char,
  (char) =>
    bytesOf(char)
      .map((b) => `%${hex2(b)}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `%${hex2(b).toUpperCase()}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `\\x${hex2(b)}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `\\\\x${hex2(b)}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `\\${b.toString(8).padStart(3, '0')}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `\\\\${b.toString(8).padStart(3, '0')}`)
      .join(''),
  (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  (char) => `\\U${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`,
  (char) => `\\\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  (char) => `&#${char.charCodeAt(0)};`,
  (char) => `&#x${char.charCodeAt(0).toString(16)};`,
  (char) => `&#X00${char.charCodeAt(0).toString(16).toUpperCase()};`,
  (char) => (char === ' ' ? '+' : undefined),
  (char) => (char === '/' ? '\\/' : undefined),
  (char) => (char === '"' ? '\\"' : char === '\\' ? '\\\\' : undefined),
  (char) => ({ '&': '&amp;', "'": '&apos;', '"': '&quot;', '<': '&lt;' })[char],
  // The whole pattern is case-insensitive as Unicode folds case: `ſ` (U+017F) is an `s` to it.
  (char) => ({ "'": '&apo\u017f;', '&': '&AMP;' })[char],
];

const secretChar = fc.constantFrom(...'abcdefksxyzABKS0123456789_-./ \'"&<\\'.split(''));
const secret = fc
  .array(secretChar, { minLength: 12, maxLength: 24 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() === text && /[a-z0-9]/i.test(text));
/** Ordinary text around it: no escape of its own. */
const filler = fc
  .array(fc.constantFrom(...'abc xyz 012 :=,;\n'.split(''), '\u202e', 'sk_', '73 6b '), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

/** The secret with each character in one of its forms, picked by `picks`. */
function encoded(text: string, picks: number[]): string {
  return [...text]
    .map((char, at) => {
      const pick = picks[at % picks.length]! % FORMS.length;
      return FORMS[pick]!(char) ?? char;
    })
    .join('');
}

/** What is hidden of `text` by the staged search, and by the whole pattern. */
function bothWays(text: string, secrets: string[]): [string, string] {
  const whole = redactSecrets(text + WHOLE, secrets);
  expect(whole.endsWith(WHOLE)).toBe(true);
  return [redactSecrets(text, secrets), whole.slice(0, -WHOLE.length)];
}

describe('the staged search of a long secret hides what the whole pattern hides', () => {
  it('in a short text holding the secret in any mix of its forms', () => {
    fc.assert(
      fc.property(
        secret,
        fc.array(fc.nat(), { minLength: 1, maxLength: 24 }),
        filler,
        filler,
        (value, picks, before, after) => {
          const text = before + encoded(value, picks) + after;
          const [staged, whole] = bothWays(text, [value]);
          expect(staged).toBe(whole);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('in each single form, every character so', () => {
    fc.assert(
      fc.property(secret, fc.nat({ max: FORMS.length - 1 }), (value, pick) => {
        const text = `key=${encoded(value, [pick])};`;
        const [staged, whole] = bothWays(text, [value]);
        expect(staged).toBe(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('across the edges of a long text searched a chunk at a time (an override in it)', () => {
    fc.assert(
      fc.property(
        secret,
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -40, max: 40 }),
        fc.constantFrom(2048, 4096, 6144),
        fc.boolean(),
        (value, picks, shift, edge, override) => {
          const copy = encoded(value, picks);
          const start = Math.max(0, edge + shift - (copy.length >> 1));
          const pad = 'x y '.repeat(2500).slice(0, start);
          const text = `${override ? '\u202e' : ''}${pad}${copy}${' z'.repeat(2000)}`;
          const [staged, whole] = bothWays(text, [value]);
          expect(staged).toBe(whole);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a card number grouped by escaped marks, in any form', () => {
    const card = '4111111111111111';
    const marks = [' ', '-', '%2D', '%20', '\\u00a0', '\\u2013', '\\x2d', '&nbsp;', '&#45;', '\\n'];
    marks.push('&nb\u017fp;', '&nda\u017fh;', '&NBSP;');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...marks), { minLength: 3, maxLength: 3 }),
        // Digits plain as often as not: a mark is then the text's only escape.
        fc.oneof(fc.constant([0]), fc.array(fc.nat(), { minLength: 1, maxLength: 16 })),
        (joins, picks) => {
          const groups = card
            .match(/.{4}/g)!
            .map((group, at) => encoded(group, [...picks.slice(at), ...picks]));
          const text = `card ${groups.map((g, at) => g + (joins[at] ?? '')).join('')} refused`;
          const [staged, whole] = bothWays(text, [card]);
          expect(staged).toBe(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a card grouped by an entity the whole pattern reads with a long s (`&nb\u017fp;`)', () => {
    const text = 'card 4111&nb\u017fp;1111&nb\u017fp;1111&nb\u017fp;1111 refused';
    expect(redactSecrets(text, ['4111111111111111'])).toBe('card [REDACTED] refused');
  });
});
