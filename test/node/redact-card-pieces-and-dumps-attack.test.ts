import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam35: a card was printed when its base64 held no core of the whole number (split across two
// base64 words, blanks inside a word, base64 broken into lines of 12 or 15), and when a hex dump
// printed its bytes apart with the group's space among them (`34 35 33 39 20 31 …`, xxd's
// `3435 3339 2031`), as UTF-16 (`34 00 35 00`) or as a C array (`0x34, 0x35`).

const card = '4539148803436467';
const grouped = '4539 1488 0343 6467';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const byteHex = (bytes: Buffer) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));

const BASE64: [string, string][] = [
  [
    'two base64 words, a half each',
    `${b64(`card=${card.slice(0, 8)}`)} ${b64(`${card.slice(8)};`)}`,
  ],
  ['blanks inside a word', b64(`{"n":"${card}"}`).replace(/(.{10})/g, '$1 ')],
  ['a card at its word end', `${b64(`{"n":"${card}"}`).replace(/(.{20})/g, '$1 ')}`],
  [
    'lines of 12',
    b64(`{"payment":{"number":"${card}","exp":"12/30"}}`).replace(/(.{12})/g, '$1\n'),
  ],
  [
    'lines of 15',
    b64(`{"payment":{"number":"${card}","exp":"12/30"}}`).replace(/(.{15})/g, '$1\n'),
  ],
];

const HEX: [string, string][] = [
  ['bytes apart', byteHex(Buffer.from(grouped)).join(' ')],
  ['bytes apart by colons', byteHex(Buffer.from(grouped)).join(':')],
  [
    "xxd's pairs",
    Buffer.from(`${grouped} `)
      .toString('hex')
      .replace(/(.{4})(?!$)/g, '$1 '),
  ],
  ['UTF-16 bytes apart', byteHex(Buffer.from(card, 'utf16le')).join(' ')],
  [
    'a C array',
    byteHex(Buffer.from(card))
      .map((byte) => `0x${byte}`)
      .join(', '),
  ],
  [
    'a grouped C array',
    byteHex(Buffer.from(grouped))
      .map((byte) => `0x${byte}`)
      .join(','),
  ],
];

describe('a card in base64 with no core of the whole number, or in a hex dump', () => {
  it.each([...BASE64, ...HEX])('%s: no eight of its digits are printed', async (_, dump) => {
    const line = `debug ${dump} end`;
    const shown = redactSecrets(line, [card]);
    expect(shown).toContain('[REDACTED]');
    const left = [...shown.matchAll(/[\w+/=]+/g)].map(([word]) => decodedOf(word)).join(' ');
    expect(left.replace(/\D/g, '')).not.toMatch(/45391488|03436467|14880343/);
    expect(await redactSecretsAsync(`${'x'.repeat(64 * 1024)} ${line}`, [card])).toContain(
      `${'x'.repeat(64)} debug`,
    );
    const error = { details: { dump } };
    expect(inspect(redactSecrets(error, [card]))).not.toContain(dump.slice(0, 30));
  });

  it('dumps and base64 without the card stay as they are', () => {
    const other = '4000056655665556';
    for (const [, dump] of [...BASE64, ...HEX]) {
      const clean = dump.replace(/4539/g, '4000');
      expect(redactSecrets(`x ${clean}`, [other])).toBe(`x ${clean}`);
    }
    const hashes = 'e3 b0 c4 42 98 fc 1c 14 9a fb f4 c8 99 6f b9 24 27 ae 41 e4 64 9b 93 4c';
    expect(redactSecrets(`sha ${hashes}`, [card])).toBe(`sha ${hashes}`);
  });
});

/** A base64 word's text (or the word), so a half left in one shows as its digits. */
function decodedOf(word: string): string {
  const text = Buffer.from(word, 'base64').toString('latin1');
  return /^[\x20-\x7e]*$/.test(text) ? `${word} ${text}` : word;
}
