// What test/core/staged-secret-search's two files share: a long secret's characters in each form a
// service may echo them, and what the staged search and the whole pattern each hide of a text.
import { expect } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../../src/node.js';

/** Put after a text, it makes every secret's search use the whole pattern. */
const WHOLE = '\n&#';

const hex2 = (byte: number) => byte.toString(16).padStart(2, '0');
const bytesOf = (char: string) => [...new TextEncoder().encode(char)];

/** One character of a secret as a service may echo it (char-forms.ts's forms, any letter case). */
export const FORMS: ((char: string) => string | undefined)[] = [
  (char) => char,
  (char) =>
    bytesOf(char)
      .map((b) => `%${hex2(b)}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `%${hex2(b).toUpperCase()}`)
      .join(''),
  // Percent-encoded twice or three times (a URL in a URL's query: `%2540` is `@`; redteam50).
  (char) =>
    bytesOf(char)
      .map((b) => `%25${hex2(b)}`)
      .join(''),
  (char) =>
    bytesOf(char)
      .map((b) => `%2525${hex2(b).toUpperCase()}`)
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
export const secret = fc
  .array(secretChar, { minLength: 12, maxLength: 24 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() === text && /[a-z0-9]/i.test(text));
/** Ordinary text around it: no escape of its own. */
export const filler = fc
  .array(fc.constantFrom(...'abc xyz 012 :=,;\n'.split(''), '\u202e', 'sk_', '73 6b '), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

/** The secret with each character in one of its forms, picked by `picks`. */
export function encoded(text: string, picks: number[]): string {
  return [...text]
    .map((char, at) => {
      const pick = picks[at % picks.length]! % FORMS.length;
      return FORMS[pick]!(char) ?? char;
    })
    .join('');
}

/** What is hidden of `text` by the staged search, and by the whole pattern. */
export function bothWays(text: string, secrets: string[]): [string, string] {
  const whole = redactSecrets(text + WHOLE, secrets);
  expect(whole.endsWith(WHOLE)).toBe(true);
  return [redactSecrets(text, secrets), whole.slice(0, -WHOLE.length)];
}

/** Several texts a secret, each holding it in any mix of its forms: staged and whole agree. */
export const mixedFormsAgree = fc.property(
  secret,
  fc.array(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 24 }), filler, filler), {
    minLength: 4,
    maxLength: 4,
  }),
  (value, texts) => {
    for (const [picks, before, after] of texts) {
      const [staged, whole] = bothWays(before + encoded(value, picks) + after, [value]);
      expect(staged).toBe(whole);
    }
  },
);

/** A long text searched a chunk at a time, the secret across a chunk's edge: they agree. */
export const chunkEdgesAgree = fc.property(
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
);
