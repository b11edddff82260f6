import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// review15b: a CVC in a hex dump whose bytes are apart (`od -An -tx1`, xxd's pairs, a C array) was
// printed, while the same bytes together (`7b22637663…`) were hidden.

const card = '4539148803436467';
const cvc = '737';
const hex = (text: string) => Buffer.from(text).toString('hex');
const FORMS: [string, (text: string) => string][] = [
  ['bytes apart', (text) => hex(text).replace(/(..)(?!$)/g, '$1 ')],
  ["xxd's pairs", (text) => hex(text).replace(/(.{4})(?!$)/g, '$1 ')],
  ['bytes apart by colons', (text) => hex(text).replace(/(..)(?!$)/g, '$1:')],
  ['a C array', (text) => hex(text).replace(/(..)/g, '0x$1, ').slice(0, -2)],
];

describe('a CVC in a hex dump with its bytes apart', () => {
  it.each(FORMS)('%s: hidden, as its bytes together are', async (_, form) => {
    for (const text of ['{"cvc":"737"}', 'cvc=737;']) {
      const line = `dump ${form(text)} end`;
      expect(redactSecrets(`dump ${hex(text)} end`, [card, cvc])).toBe('dump [REDACTED] end');
      expect(redactSecrets(line, [card, cvc])).toBe('dump [REDACTED] end');
      const long = `${'x'.repeat(64 * 1024)} ${line}`;
      expect(await redactSecretsAsync(long, [card, cvc])).toMatch(/ dump \[REDACTED\] end$/);
    }
  });

  it.each(FORMS)('%s of other numbers, or of no text, stays as it is', (_, form) => {
    for (const text of ['{"cvc":"738"}', 'order 1737;', 'qty=7370']) {
      const line = `dump ${form(text)} end`;
      expect(redactSecrets(line, [card, cvc])).toBe(line);
    }
    const bytes = 'de ad be ef 00 01 02 03 37 33 37 ff fe';
    expect(redactSecrets(bytes, [card, cvc])).toBe(bytes);
  });
});
