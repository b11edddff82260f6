import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { OVERRIDES } from './support/escaped-overrides.js';

// review13b: redteam29 searches a secret's reversed forms only in a text that has an override
// (a cheap piece first, then every form), with the forms kept in two caches (with and without the
// reversed ones). Tried: every escaped override the earlier passes hid, in either case and
// zero-padded, whole and across a 64K slice's edge; and the caches across texts with and without
// an override and across more secrets than they keep. Here (seconds of CPU): across a 64K slice's
// edge, and a secret whose forms the caches dropped for 70 newer ones. In one go, the CVC alone and
// the caches across texts with and without an override: redact-override-gate-review.test.ts.

const card = '4539148803436467';
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const reversed = (text: string) => [...text].reverse().join('');

describe('a secret reversed after an override, in every form the earlier passes hid', () => {
  it.each(OVERRIDES)('after %s: hidden, in one go and across a slice edge', async (override) => {
    for (const secret of [card, token]) {
      const text = `{"note":"${override}${reversed(secret)}"}`;
      expect(redactSecrets(text, [secret]), secret).not.toContain(reversed(secret));
      for (const edge of [1, override.length, 40]) {
        // The override before the 64K edge, the secret after it.
        const long = `${'x'.repeat(64 * 1024 - edge)}${text}`;
        expect(await redactSecretsAsync(long, [secret])).toBe(redactSecrets(long, [secret]));
        expect(redactSecrets(long, [secret])).not.toContain(reversed(secret));
      }
    }
  });

  it('a secret whose forms were dropped for newer ones is still hidden', () => {
    const many = Array.from({ length: 70 }, (_, n) => `sk_live_${String(n).padStart(32, '0')}`);
    for (const secret of many) redactSecrets(`a ${secret} b`, [secret]); // the cache without runs
    for (const secret of [many[0]!, many[69]!, token]) {
      const text = `a \u202e${reversed(secret)} b ${secret} c`;
      const redacted = redactSecrets(text, [secret]);
      expect(redacted).not.toContain(secret);
      expect(redacted).not.toContain(reversed(secret));
    }
  });
});
