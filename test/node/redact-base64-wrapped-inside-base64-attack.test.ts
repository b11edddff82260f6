import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// Base64 of base64 where the inner text is broken into lines (MIME's 76, PEM's 64, `\n` or
// `\r\n`): a config store's value of a Basic credential or a key file, echoed. The inner base64's
// line breaks fall anywhere in the secret's form, so no fixed core of the outer text holds it:
// the token or card was printed unless it happened to sit within one inner line.

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
  // One of the cuts, in one go and across the slices' edge; every width, line end, shift and
  // secret (seconds of CPU): redact-base64-wrapped-inside-base64-attack.full.test.ts.
  it('is hidden where MIME lines cut a token, in either alphabet, in one go and in slices', async () => {
    const word = nested(token, 76, '\r\n', 1);
    for (const form of [word, word.replace(/\+/g, '-').replace(/\//g, '_')]) {
      const line = `config: ${form} (stored)`;
      expect(redactSecrets(line, [token])).toBe('config: [REDACTED] (stored)');
      for (const before of [64 * 1024 - 40, 64 * 1024 - form.length / 2]) {
        const large = `${'x'.repeat(before)} ${line} ${'y'.repeat(64)}`;
        const once = redactSecrets(large, [token]);
        expect(once).not.toContain(form.slice(40, 80));
        expect(await redactSecretsAsync(large, [token])).toBe(once);
      }
    }
  });

  it('leaves base64 of wrapped base64 that holds no secret', () => {
    const word = b64(wrapped(b64('n'.repeat(300)), 76, '\r\n'));
    expect(redactSecrets(`config: ${word}`, [token, card])).toBe(`config: ${word}`);
  });

  it("is not in a refusal's body the client throws", async () => {
    const stored = nested(token, 76, '\r\n', 3);
    const client = refusingClient(token, { message: 'bad config', config: stored });
    const error = await client.plans.get('team').catch((caught: unknown) => caught);
    expect(String(error)).toContain('bad config');
    for (const shown of [inspect(error, { depth: 9 }), JSON.stringify(error)])
      expect(shown).not.toContain(stored.slice(40, 80));
  });
});
