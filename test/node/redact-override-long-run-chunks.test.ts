import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// secretsperf18: a long text with a right-to-left override is searched for the secrets' reversed
// forms a chunk at a time (each reversed match looked back to its override, and one line of many
// reversed copies took a time that grew as its length squared). What a chunk's edge cuts, or how
// far past the override a copy is, changes nothing: every copy shown as the secret is hidden, and
// what no override reverses is kept.

const card = '4539148803436467';
const cvc = '987';
const token = 'sk_live_9fQ2xLmZ8pR4tY7uW3vB';
const secrets = [token, card, cvc];
const reversed = (text: string) => [...text].reverse().join('');

/** `filler` words up to `length`, then `copy`: a copy that ends near `length`. */
const at = (length: number, copy: string, filler = 'seat ') =>
  filler.repeat(Math.ceil(length / filler.length)).slice(0, length) + copy;

describe.each([
  ['the override', '\u202e'],
  ['its JSON escape', '\\u202e'],
  ['its HTML entity', '&#x202e;'],
])('after %s, one line of 40 KB', (_name, override) => {
  // Copies close to every chunk's edge (2,048 characters) and far past the override.
  const offsets = [0, 300, 1_500, 2_040, 2_047, 2_050, 4_090, 6_140, 14_000, 39_000];
  const copies = [
    ['the card', ` ${reversed(card)} `],
    ['the card grouped', ` ${reversed('4539 1488 0343 6467')} `],
    ['the CVC', ` ${reversed(cvc)} `],
    ['the CVC labelled', ` ${reversed(`cvc: ${cvc}`)} `],
    ['the CVC after a masked card', ` ${reversed(`**** 4242 ${cvc}`)} `],
    ['the token', ` ${reversed(token)} `],
  ] as const;

  it.each(copies)('hides %s wherever it is in the run', async (_what, copy) => {
    let line = override;
    for (const offset of offsets) line += at(Math.max(0, offset - line.length), copy);
    const text = `{"note":"${line}"}`;
    const redacted = redactSecrets(text, secrets);
    expect(redacted.split('[REDACTED]').length - 1).toBe(offsets.length);
    expect(redacted).not.toContain(copy.trim());
    expect(await redactSecretsAsync(text, secrets)).toBe(redacted);
  });

  it('keeps what no override reverses: before it, and on the next line', () => {
    const before = at(9_000, ` ${reversed(cvc)} ${reversed(card)} `);
    const after = at(9_000, ` ${reversed(cvc)} ${reversed(card)} `);
    const text = `${before}${override}${at(5_000, ` ${reversed(cvc)} `)}\n${after}`;
    const redacted = redactSecrets(text, secrets);
    expect(redacted.startsWith(before)).toBe(true);
    expect(redacted.endsWith(`\n${after}`)).toBe(true);
    expect(redacted.split('[REDACTED]').length - 1).toBe(1);
  });
});
