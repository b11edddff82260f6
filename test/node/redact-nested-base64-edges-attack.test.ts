import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// Base64 of base64 broken into lines (wrapped-inside.ts), at its edges. Its inner lines parted by
// blanks rather than line breaks (a YAML folded value joins them with spaces); and a nested word
// that a slice of redactSecretsAsync (and of the client's large answers) cut: the inner text past
// the cut was searched by no slice, and the word came back whole, the secret inside it.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const SLICE = 64 * 1024;
const b64 = (text: string) => Buffer.from(text).toString('base64');
const wrapped = (text: string, width: number, eol: string) =>
  text.match(new RegExp(`.{1,${width}}`, 'g'))!.join(eol);

/** The outer word of `secret`, `before` characters ahead of it inside, `after` behind. */
function nested(secret: string, eol: string, before: number, after: number, width = 76): string {
  const inner = b64(
    `${'x'.repeat(before)}{"auth":"Bearer ${secret}","note":"${'n'.repeat(after)}"}`,
  );
  return b64(wrapped(inner, width, eol));
}

describe('a secret in base64 of base64 broken into lines, at the edges', () => {
  it('is hidden when the inner lines are parted by spaces, tabs, a lone \\r or blank lines', () => {
    for (const secret of [token, card])
      for (const eol of [' ', '\t', '\r', '\n\n', ' \n'])
        for (let shift = 0; shift < 3; shift++) {
          const word = nested(secret, eol, shift, 90);
          expect(redactSecrets(`config: ${word} (stored)`, [secret]), JSON.stringify(eol)).toBe(
            'config: [REDACTED] (stored)',
          );
        }
  });

  it('is hidden by redactSecretsAsync as by redactSecrets when a slice cuts the word', async () => {
    for (const secret of [token, card])
      for (const [before, after] of [
        [3000, 90],
        [20000, 90],
        [20000, 20000],
      ] as const) {
        const word = nested(secret, '\n', before, after);
        const text = `${'x'.repeat(SLICE - 100)} ${word} ${'y'.repeat(SLICE)}`;
        const once = redactSecrets(text, [secret]);
        expect(once).not.toContain(word.slice(0, 200));
        expect(await redactSecretsAsync(text, [secret])).toBe(once);
      }
  });

  it('gives what redactSecrets gives wherever the slices cut a nested word of any length', async () => {
    // The property test of redactSecretsAsync (redact-secrets-async-property) holds no word longer
    // than the slices' reach: a word of 10K characters or more is cut by the view it starts in.
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(token, card),
        fc.integer({ min: SLICE - 30000, max: SLICE + 40 }),
        fc.integer({ min: 0, max: 30000 }),
        fc.constantFrom(64, 76),
        async (secret, filler, before, width) => {
          const word = nested(secret, '\r\n', before, 90, width);
          const text = `${'x'.repeat(filler)} ${word} ${'y'.repeat(SLICE)}`;
          const once = redactSecrets(text, [secret]);
          expect(once).not.toContain(word.slice(0, 200));
          expect(await redactSecretsAsync(text, [secret])).toBe(once);
        },
      ),
      { numRuns: 12 },
    );
  });
});
