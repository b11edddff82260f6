import { afterEach, describe, expect, it, vi } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// secretsperf18: a dump of a text's bytes in 32-bit words (`xxd -g 4`, `od -tx4`) is one word
// read whole; the token, the card and the CVC each read it again (its hex, bytes and text: three
// times the work, 0.6 to 1 s for a megabyte). Read once now for every secret's search: counted
// through the one decoder every word's bytes go through (TextDecoder's `decode`, a public hook),
// and every secret still hidden.

const card = '4539148803436467';
const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';
const cvc = '987';
const secrets = [token, card, cvc];

/** A dump of `bytes` in words of four, offsets first, 16 bytes a line (od -tx4 swaps each). */
const dump = (bytes: Buffer, swapped: boolean) => {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const words: string[] = [];
    for (let word = at; word < Math.min(at + 16, bytes.length); word += 4) {
      const part = [...bytes.subarray(word, word + 4)];
      words.push(
        (swapped ? part.reverse() : part).map((b) => b.toString(16).padStart(2, '0')).join(''),
      );
    }
    lines.push(`${at.toString(8).padStart(7, '0')} ${words.join(' ')}`);
  }
  return lines.join('\n');
};

const row = (id: number) => `{"id":${id},"name":"seat","qty":456},`;
/**
 * Ids that hold no `987` nor `789` (a word `3938372c` reads `987,`, od's swapped `2c393837` of
 * `789,` reads `,987`: the CVC standing alone).
 */
const ids = Array.from({ length: 3000 }, (_, at) => 1000 + at).filter(
  (id) => !/987|789/.test(`${id}`),
);
/** About 200 KB of rows, one secret among them. */
const body = (secret: string) => Buffer.from(`[${ids.map(row).join('')}{"paid_with":"${secret}"}]`);

const largeDecodes = () => {
  const decode = vi.spyOn(TextDecoder.prototype, 'decode');
  return () =>
    decode.mock.calls.filter(
      ([input]) => ((input as Uint8Array | undefined)?.byteLength ?? 0) > 50_000,
    ).length;
};

afterEach(() => vi.restoreAllMocks());

describe.each([
  ['xxd -g 4', false],
  ['od -tx4', true],
] as const)('a dump in 32-bit words (%s) with a secret in it', (_name, swapped) => {
  it.each([
    ['the token', token],
    ['the card', card],
    ['the CVC, labelled', `cvc ${cvc}`],
  ])('hides %s, the dump read once for the three secrets', (_what, secret) => {
    const text = dump(body(secret), swapped);
    const decodes = largeDecodes();
    const redacted = redactSecrets(text, secrets);
    expect(redacted).not.toBe(text);
    expect(redacted).toContain('[REDACTED]');
    // Its bytes and, being a dump of words, its words' bytes swapped: two readings, not six.
    expect(decodes()).toBeLessThanOrEqual(2);
  });

  it('hides the token, in slices too (redactSecretsAsync)', async () => {
    const text = dump(body(token), swapped);
    expect(await redactSecretsAsync(text, secrets)).toBe(redactSecrets(text, secrets));
    expect(redactSecrets(text, secrets)).toContain('[REDACTED]');
  });

  it('leaves a dump of no secret as it was', () => {
    const text = dump(body('nothing here'), swapped);
    expect(redactSecrets(text, secrets)).toBe(text);
  });
});
