// keycost16 decoded a short base64 word by a table instead of atob; size14b went back to atob (the
// table's page bytes outweighed its CPU win: BENCHMARKS.md). A differential, seeded check that
// bytesOfBase64 decodes every word exactly as the atob path did (copied below as the oracle) and
// refuses every word that path refused: a length rule off by one, or a decoder of its own again,
// would let a CVC through or shift a word's bytes (review14a).
import { describe, expect, it } from 'vitest';
import { bytesOfBase64 } from '../../src/base64-forms/word-text.js';

/** bytesOfBase64 as it was before keycost16 (7f6459c). */
function oldBytesOfBase64(word: string): string | undefined {
  const standard = word.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return undefined;
  try {
    return atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
}

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// What may go wrong: the other alphabet, padding anywhere, atob's whitespace, characters past
// 127 (and ones whose low byte is a base64 character: U+0141 is 'A' + 0x100), lone surrogates.
const ODD = [
  '-',
  '_',
  '=',
  '==',
  ' ',
  '\t',
  '\n',
  '\f',
  '\r',
  '\v',
  '.',
  '%',
  '\u0141',
  'é',
  '\ud800',
  '\udc00',
  '\u{1f600}',
  '\u00ff',
  '\0',
  '\x7f',
];

function wordOf(random: () => number): string {
  const roll = random();
  const length =
    roll < 0.9
      ? Math.floor(random() * 24)
      : roll < 0.97
        ? 250 + Math.floor(random() * 12)
        : Math.floor(random() * 300);
  const oddness = random() < 0.5 ? 0 : random() * 0.2;
  let word = '';
  for (let i = 0; i < length; i++)
    word +=
      random() < oddness
        ? ODD[Math.floor(random() * ODD.length)]
        : ALPHABET[Math.floor(random() * 64)];
  const tail = random();
  if (tail < 0.15) word += '=';
  else if (tail < 0.25) word += '==';
  else if (tail < 0.28) word += '===';
  return word;
}

describe('bytesOfBase64 decodes and refuses as the atob path did', () => {
  it('edge words', () => {
    const edges = [
      '',
      '=',
      '==',
      'A',
      'A=',
      'AA',
      'AB',
      'AAA',
      'AB=',
      'AB==',
      'ABC=',
      'ABCD',
      'ABCDE',
      'ABCDE=',
      'AB=C',
      'A=BC',
      'AB C',
      ' ABC',
      'ABC ',
      'AB\nCD',
      'ABCD\n',
      'ABC=\n',
      'ab-_',
      'ab+/',
      'a+-b',
      '/_+-',
      'AQ',
      'AR',
      'AQ=',
      'AR==',
      'AAB',
      'AAC',
      'ABCDé',
      'ABC\u0141',
      '\u0141BCD',
      'AB\ud800',
      'A'.repeat(256),
      'A'.repeat(257),
      'A'.repeat(256) + '==',
      'A'.repeat(255) + '=',
      'A'.repeat(253),
      '-'.repeat(256) + ' ',
      '_'.repeat(300),
      'A'.repeat(255) + '\u0141',
    ];
    for (const word of edges)
      expect([word, bytesOfBase64(word)]).toEqual([word, oldBytesOfBase64(word)]);
  });

  it('200,000 seeded random words (a million passed once: 32 s)', () => {
    const random = mulberry32(0x5ea7_14a);
    let refused = 0;
    let differ = 0;
    const examples: string[] = [];
    for (let n = 0; n < 200_000; n++) {
      const word = wordOf(random);
      const expected = oldBytesOfBase64(word);
      if (expected === undefined) refused++;
      if (bytesOfBase64(word) !== expected) {
        differ++;
        if (examples.length < 5) examples.push(JSON.stringify(word));
      }
    }
    expect({ differ, examples }).toEqual({ differ: 0, examples: [] });
    // Both kinds were tried: a good share refused, most accepted.
    expect(refused).toBeGreaterThan(20_000);
    expect(refused).toBeLessThan(180_000);
  });
});
