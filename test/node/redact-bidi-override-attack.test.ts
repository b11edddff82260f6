import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// A right-to-left override (U+202E) shows what follows it backwards until its pop (U+202C): a
// text holding `\u202E789\u202C` displays 987. A CVC or a token so stored reversed was printed,
// and read as itself where the text is shown: it was searched for in the order stored only.

const reversed = (text: string) => [...text].reverse().join('');
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';

describe('a secret reversed inside a right-to-left override', () => {
  it('is hidden, a CVC or a token, closed or at a line end, in one go and in slices', async () => {
    const cases: [string, string][] = [
      [`cvc: \u202e${reversed('987')}\u202c ok`, '987'],
      [`cvc \u202e${reversed('987')}\u2069`, '987'],
      [`token=\u202e${reversed(token)}\u202c;`, token],
      [`Bearer \u202e${reversed(token)}\nnext line`, token],
    ];
    for (const [text, secret] of cases) {
      const hidden = redactSecrets(text, [secret]);
      expect(hidden, text).toContain('[REDACTED]');
      expect(hidden).not.toContain(reversed(secret));
      const large = `${'x '.repeat(32 * 1024 - 3)}${text} tail`;
      expect(await redactSecretsAsync(large, [secret])).toBe(redactSecrets(large, [secret]));
    }
  });

  it('leaves other numbers in an override, and the CVC not standing alone, as they are', () => {
    const text = `cvc: \u202e${reversed('1987')}\u202c, order 987654`;
    expect(redactSecrets(text, ['987'])).toBe(text);
  });
});
