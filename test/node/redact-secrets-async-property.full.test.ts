import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbortError } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redactSecretsAsync keeps its own list of the search's parts (src/node/redact-secrets-async.ts),
// beside the page's (src/large-text/page-parts.ts): the two must find the same. Any text of a
// slice or more, secrets of every kind written in every form across the 64K edge, must come out
// as redactSecrets gives it; and a search stopped half-way gives no text at all.

const SLICE = 64 * 1024;
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4242424242424242';
const cvc = '987';
const password = 'hunter2-Correct-Horse';
/** Under twelve characters: no pieces, found full-width only by the folded search. */
const pin = 'pa55word';

/** Each secret as a service may echo it: plain, escaped, folded, in pieces, as bytes. */
const FORMS = [
  token,
  encodeURIComponent(`Bearer ${token}`),
  btoa(`Bearer ${token}`),
  [...token].join('\u200b'),
  [...btoa(`Bearer ${token}`)].join('\u00ad'),
  token.slice(5, 22),
  '4242 4242 4242 4242',
  '４２４２４２４２４２４２４２４２',
  '\\u0034242-4242-4242-4242',
  `"cvc":"${cvc}"`,
  `cvc ${[...cvc].join('\u200b')}`,
  'ｃｖｃ：９８７',
  btoa(JSON.stringify({ cvc })),
  [...cvc].map((digit) => (+digit).toString(16).padStart(2, '3')).join(''),
  password,
  '&#x68;unter2-correct-horse',
  'ｐａ５５ｗｏｒｄ',
  'ｐａ５５ｗｏ',
  'ｒｄ',
  ' ',
  '\n',
  // A token's base64 in lines of 64, and what may part them: indented (YAML) or a lone CR.
  ...btoa(`Basic ${'u'.repeat(40)}${token}`).match(/.{1,64}/g)!,
  '\n  ',
  '\n\t',
  '\r',
  '1,987.00',
  'abc',
];

/**
 * A text over a slice: filler up to near the 64K edge, forms and noise in any order across it,
 * filler after (a text under a slice is handed to redactSecrets whole).
 */
const texts = fc
  .tuple(
    fc.integer({ min: SLICE - 400, max: SLICE + 40 }),
    fc.array(fc.oneof(fc.constantFrom(...FORMS), fc.string({ maxLength: 12 })), {
      maxLength: 24,
    }),
  )
  .map(([filler, parts]) => `${'x'.repeat(filler)}${parts.join('')}${'x'.repeat(SLICE / 2)}`);

const secretLists = fc.subarray([token, card, cvc, password, pin], { minLength: 1 });

describe('redactSecretsAsync against redactSecrets', () => {
  it('gives the same text on any text across the edge, with any of the secrets', async () => {
    await fc.assert(
      fc.asyncProperty(texts, secretLists, async (text, secrets) => {
        expect(await redactSecretsAsync(text, secrets)).toBe(redactSecrets(text, secrets));
      }),
      { numRuns: 60 },
    );
  });

  it('stopped after its first slice, a secret across the edge: rejects, gives no half', async () => {
    const text = `${'x'.repeat(SLICE - 8)} ${token} ${'x'.repeat(SLICE)} ${token} end`;
    const controller = new AbortController();
    const outcome: unknown[] = [];
    // Queued before the first slice's pause: it runs between the first slice and the second.
    setImmediate(() => controller.abort(new Error('stop')));
    await redactSecretsAsync(text, [token], { signal: controller.signal }).then(
      (hidden) => outcome.push(hidden),
      (error: unknown) => outcome.push(error),
    );
    expect(outcome).toHaveLength(1);
    expect(outcome[0]).toBeInstanceOf(AbortError);
    expect(String(outcome[0])).not.toContain(token);
  });
});
