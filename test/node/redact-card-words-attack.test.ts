import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam32: a card's base64 and hex were searched by their cores only (of its ASCII digits,
// its full-width ones, their UTF-16): a card grouped as typed, written in another script's digits
// (some or all), as UTF-16 of those, or reversed after an override inside a word under 44
// characters showed none of them, and the card was printed.

const card = '4539148803436467';
const cvc = '987';
const base64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');
const utf16 = (text: string) => Buffer.from(text, 'utf16le');
const inScript = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(zero + +digit));
const arabic = inScript(card, 0x660);
const grouped = (separator: string) => card.match(/..../g)!.join(separator);

const FORMS: [string, string][] = [
  ['Arabic-Indic digits in base64 (43 characters)', base64(arabic)],
  ['Arabic-Indic digits in hex', hex(arabic)],
  ['Devanagari digits in base64', base64(inScript(card, 0x966))],
  ['Arabic-Indic digits as UTF-16LE in base64', utf16(arabic).toString('base64')],
  ['Arabic-Indic digits as UTF-16LE in hex', utf16(arabic).toString('hex')],
  ['Arabic-Indic digits as UTF-16BE in base64', utf16(arabic).swap16().toString('base64')],
  ['Arabic-Indic digits as UTF-16BE in hex', utf16(arabic).swap16().toString('hex')],
  [
    'half ASCII, half Devanagari in base64',
    base64(card.slice(0, 8) + inScript(card.slice(8), 0x966)),
  ],
  ['half ASCII, half Devanagari in hex', hex(card.slice(0, 8) + inScript(card.slice(8), 0x966))],
  ['grouped by spaces in base64', base64(grouped(' '))],
  ['grouped by spaces in hex (digits alone)', hex(grouped(' '))],
  ['grouped by dashes in base64', base64(grouped('-'))],
  ['grouped by dashes in hex', hex(grouped('-'))],
  ['grouped by no-break spaces in base64', base64(grouped('\u00a0'))],
  ['grouped by thin spaces in hex', hex(grouped('\u2009'))],
  ['grouped by spaces as UTF-16LE in base64', utf16(grouped(' ')).toString('base64')],
  [
    'grouped by narrow no-break spaces as UTF-16LE in hex',
    utf16(grouped('\u202f')).toString('hex'),
  ],
  ['grouped, in a JSON field, in base64', base64(`{"card":"${grouped(' ')}"}`)],
  [
    'reversed after an override, in base64 (28 characters)',
    base64(`\u202e${[...card].reverse().join('')}`),
  ],
  [
    'reversed after an escaped override, in base64',
    base64(`\\u202E${[...card].reverse().join('')}`),
  ],
];

describe('a card in base64 or hex in forms no core of it shows', () => {
  it.each(FORMS)('%s: hidden, in one go and in slices', async (_, word) => {
    const text = `{"debug":"${word}","n":1}`;
    const redacted = redactSecrets(text, [card, cvc]);
    expect(redacted).toBe('{"debug":"[REDACTED]","n":1}');
    const long = `${'x'.repeat(64 * 1024 - 9)} ${text}`;
    expect(await redactSecretsAsync(long, [card])).toBe(redactSecrets(long, [card]));
    expect(redactSecrets(long, [card])).not.toContain(word);
  });

  it('a CVC reversed after an override inside a short base64 word is hidden', () => {
    for (const note of ['\u202e789', '\\u202E789', '%E2%80%AE789']) {
      const word = base64(`{"n":"${note}"}`);
      expect(redactSecrets(`debug ${word} end`, [card, cvc])).toBe('debug [REDACTED] end');
    }
  });

  it('words that hold no card stay as they are', () => {
    const words = [
      // Its first six (the issuer's, shown on receipts): half of it is hidden, as in plain text.
      base64(`${card.slice(0, 6)}00 0000 1111`),
      hex(inScript('1234 5678 9012 3456', 0x660)),
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      base64('a long enough note with no number in it'),
      '1234567890123456789012345678901234',
    ];
    for (const word of words) expect(redactSecrets(word, [card])).toBe(word);
  });
});
