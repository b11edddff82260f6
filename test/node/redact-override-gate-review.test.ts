import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { OVERRIDES } from './support/escaped-overrides.js';

// review13b: redteam29 searches a secret's reversed forms only in a text that has an override
// (a cheap piece first, then every form), with the forms kept in two caches (with and without the
// reversed ones). Tried: every escaped override the earlier passes hid, in either case and
// zero-padded, whole and across a 64K slice's edge; and the caches across texts with and without
// an override and across more secrets than they keep. Across a 64K slice's edge, and more secrets
// than the caches keep (seconds of CPU): redact-override-gate-review.full.test.ts.

const card = '4539148803436467';
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const reversed = (text: string) => [...text].reverse().join('');

describe('a secret reversed after an override, in every form the earlier passes hid', () => {
  it.each(OVERRIDES)('after %s: hidden, in one go', (override) => {
    for (const secret of [card, token]) {
      const text = `{"note":"${override}${reversed(secret)}"}`;
      expect(redactSecrets(text, [secret]), secret).not.toContain(reversed(secret));
    }
  });

  // A CVC alone stands apart after an escape (`\u202E789`): Python's long escape and Git's octal
  // bytes ended in a letter or digit that was taken for part of a word, and the CVC was printed.
  it.each(OVERRIDES)('after %s: a CVC alone, reversed, hidden', (override) => {
    const text = `{"note":"${override}789","n":1}`;
    expect(redactSecrets(text, [card, '987'])).not.toContain('789');
  });

  it('forms kept for a text without an override are not used for one with it, nor after', () => {
    const plain = `{"qty":${reversed('987')},"n":1}`;
    const overridden = `{"note":"\\u202E${reversed(card)}"}`;
    for (let round = 0; round < 3; round++) {
      expect(redactSecrets(plain, [card, '987'])).toBe(plain);
      expect(redactSecrets(overridden, [card, '987'])).not.toContain(reversed(card));
    }
  });
});
