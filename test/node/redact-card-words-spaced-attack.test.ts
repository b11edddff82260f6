import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// review14c: a card's base64 and hex words were read only when their bytes held four digits in a
// row: a card written as the text forms hide it (`45 39 14 88 …`, a digit a time, a JSON array,
// HTML entities, their UTF-16) was printed in base64 or hex, though hidden as plain text.

const card = '4539148803436467';
const digits = [...card];
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const FORMS: [string, string][] = [
  ['grouped 2-2', card.match(/../g)!.join(' ')],
  ['grouped 3-3', card.match(/.{1,3}/g)!.join(' ')],
  ['a digit a time', digits.join(' ')],
  ['a JSON array', JSON.stringify(digits.map(Number))],
  ['HTML entities', digits.map((digit) => `&#${digit.charCodeAt(0)};`).join('')],
  ['hex HTML entities', digits.map((digit) => `&#x${digit.charCodeAt(0).toString(16)};`).join('')],
];

describe("a card's base64 or hex whose digits never come four in a row", () => {
  it.each(FORMS)('%s: hidden as text, in base64, hex and UTF-16 base64', async (_, text) => {
    expect(redactSecrets(`n ${text} end`, [card])).not.toContain(text);
    const words = [
      Buffer.from(text).toString('base64'),
      Buffer.from(text).toString('hex'),
      utf16(text).toString('base64'),
    ];
    for (const word of words) {
      const json = `{"debug":"${word}","n":1}`;
      expect(redactSecrets(json, [card])).toBe('{"debug":"[REDACTED]","n":1}');
      const long = `${'x'.repeat(64 * 1024 - 9)} ${json}`;
      expect(await redactSecretsAsync(long, [card])).toBe(redactSecrets(long, [card]));
    }
  });

  it('words with digits apart but no card stay as they are', () => {
    const words = [
      Buffer.from('12 34 56 78 90 12 34 56').toString('base64'),
      Buffer.from('[1,2,3,4,5,6,7,8,9,0]').toString('hex'),
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      Buffer.from('u7:k4Tz9Qm2Wr8Ny3Hb6Jc5Vx').toString('base64'),
    ];
    for (const word of words) expect(redactSecrets(`x ${word}`, [card])).toBe(`x ${word}`);
  });
});
