import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// Base64 of base64 where the inner text is broken into lines (MIME's 76, PEM's 64, `\n` or
// `\r\n`): a config store's value of a Basic credential or a key file, echoed. The inner base64's
// line breaks fall anywhere in the secret's form, so no fixed core of the outer text holds it:
// the token or card was printed unless it happened to sit within one inner line. Here every cut
// (seconds of CPU); one cut and the refusal's body: redact-base64-wrapped-inside-base64-attack.test.ts.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const wrapped = (text: string, width: number, eol: string) =>
  text.match(new RegExp(`.{1,${width}}`, 'g'))!.join(eol);

/** The outer word of `secret` inner-wrapped at `width`, `shift` characters pushing it along. */
function nested(secret: string, width: number, eol: string, shift: number): string {
  const inner = b64(`${'x'.repeat(shift)}{"auth":"Bearer ${secret}","note":"${'n'.repeat(90)}"}`);
  return b64(wrapped(inner, width, eol));
}

describe('a secret in base64 of base64 broken into lines', () => {
  it('is hidden whatever the lines cut, in either alphabet, in one go and in slices', async () => {
    for (const secret of [token, card])
      for (const [width, eol] of [
        [76, '\r\n'],
        [76, '\n'],
        [64, '\n'],
        [64, '\r\n'],
      ] as const)
        for (let shift = 0; shift < 8; shift++) {
          const word = nested(secret, width, eol, shift);
          for (const form of [word, word.replace(/\+/g, '-').replace(/\//g, '_')]) {
            const line = `config: ${form} (stored)`;
            expect(redactSecrets(line, [secret]), `${width} ${shift}`).toBe(
              'config: [REDACTED] (stored)',
            );
            // Across the slices' edge, and one slice on: a few of the cuts.
            for (const before of shift < 2 ? [64 * 1024 - 40, 64 * 1024 - form.length / 2] : []) {
              const large = `${'x'.repeat(before)} ${line} ${'y'.repeat(64)}`;
              const once = redactSecrets(large, [secret]);
              expect(once).not.toContain(form.slice(40, 80));
              expect(await redactSecretsAsync(large, [secret])).toBe(once);
            }
          }
        }
  });
});
