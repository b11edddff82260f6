// A review of redteam47's staged search (src/folded-text/staged-pattern.ts): a long secret's
// pattern is searched without its escapes in a text that has none of them. Whatever a text holds,
// what is hidden must be what the whole pattern hides: the same text with an escape put after it
// (`&#`, which every secret's escapes name, matched by nothing) is searched with the whole one
// (test/core/support/staged-forms.ts). The long runs: staged-secret-search.full.test.ts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../src/node.js';
import { FORMS, bothWays, encoded, filler, secret } from './support/staged-forms.js';

describe('the staged search of a long secret hides what the whole pattern hides', () => {
  // Several texts a secret: most of a run's time is compiling a fresh secret's two searches, so
  // 100 secrets of 4 texts check as many texts as 400 of one did (400 of one: the .full file).
  it('in a short text holding the secret in any mix of its forms', () => {
    const text = fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 24 }), filler, filler);
    fc.assert(
      fc.property(secret, fc.array(text, { minLength: 4, maxLength: 4 }), (value, texts) => {
        for (const [picks, before, after] of texts) {
          const [staged, whole] = bothWays(before + encoded(value, picks) + after, [value]);
          expect(staged).toBe(whole);
        }
      }),
      { numRuns: 100 },
    );
  });

  // Every form for each secret (a fresh secret a form, 300 runs: the .full file).
  it('in each single form, every character so', () => {
    fc.assert(
      fc.property(secret, (value) => {
        for (let pick = 0; pick < FORMS.length; pick++) {
          const [staged, whole] = bothWays(`key=${encoded(value, [pick])};`, [value]);
          expect(staged).toBe(whole);
        }
      }),
      { numRuns: 25 },
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
