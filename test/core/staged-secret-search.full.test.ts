// The long runs of test/core/staged-secret-search.test.ts's two property tests, a fresh secret for
// every text as they were written (redteam47's review): 400 and 300 runs took 23 s alone and timed
// out at 60 s in `npm test` at load 30, so the fast file checks several texts a secret instead;
// its own long runs are here too (tests25c), a few runs of each left in the fast file.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FORMS,
  bothWays,
  chunkEdgesAgree,
  encoded,
  filler,
  mixedFormsAgree,
  secret,
} from './support/staged-forms.js';

describe('the staged search of a long secret hides what the whole pattern hides (long runs)', () => {
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

  // The fast file's two long runs (tests25c): 100 runs of four texts a secret took 4-7 s alone.
  it('in a short text holding the secret in any mix of its forms, several texts a secret', () => {
    fc.assert(mixedFormsAgree, { numRuns: 100 });
  });

  it('across the edges of a long text searched a chunk at a time (an override in it)', () => {
    fc.assert(chunkEdgesAgree, { numRuns: 60 });
  });
});
