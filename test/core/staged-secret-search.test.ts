// A review of redteam47's staged search (src/folded-text/staged-pattern.ts): a long secret's
// pattern is searched without its escapes in a text that has none of them. Whatever a text holds,
// what is hidden must be what the whole pattern hides: the same text with an escape put after it
// (`&#`, which every secret's escapes name, matched by nothing) is searched with the whole one
// (test/core/support/staged-forms.ts). The long runs (seconds of CPU): the .full.test.ts sibling.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { redactSecrets } from '../../src/node.js';
import {
  FORMS,
  bothWays,
  chunkEdgesAgree,
  encoded,
  mixedFormsAgree,
  secret,
} from './support/staged-forms.js';

describe('the staged search of a long secret hides what the whole pattern hides', () => {
  // A few runs here, the secret's two searches compiled afresh each (most of a run's time): the
  // 100 runs of several texts a secret and the 60 runs across a chunk's edge are the .full file's.
  it('in a short text holding the secret in any mix of its forms (a few runs)', () => {
    fc.assert(mixedFormsAgree, { numRuns: 5 });
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

  it('across the edges of a long text searched a chunk at a time (a few runs)', () => {
    fc.assert(chunkEdgesAgree, { numRuns: 8 });
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
