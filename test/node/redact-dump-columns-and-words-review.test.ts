import { describe, expect, it } from 'vitest';
import { expectOtherBytesKept } from './support/other-bytes-dumped.js';
import { redactSecrets } from '../../src/node.js';
import { card, hex, password, shown, token } from './support/secret-dumps.js';

// review16c: a token's, password's or card's bytes in the dumps xxd and hexdump print by default
// were printed: xxd's and hexdump -C's text column after each line's bytes ended the dump's word
// at that line (a part of the secret on each), and hexdump's (od -x's) 16-bit words hold the
// bytes swapped two by two.

const lines = (bytes: Buffer, perLine: number, line: (part: Buffer, at: number) => string) => {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += perLine)
    out.push(line(bytes.subarray(at, at + perLine), at));
  return out;
};

/** As `xxd` prints: offset, `perLine` bytes in groups of two, the text column. */
const xxd = (bytes: Buffer, perLine = 16) =>
  lines(bytes, perLine, (part, at) => {
    const groups = [...part]
      .map(hex)
      .join('')
      .match(/.{1,4}/g)!
      .join(' ');
    const width = (perLine / 2) * 5 - 1;
    return `${at.toString(16).padStart(8, '0')}: ${groups.padEnd(width)}  ${shown(part)}`;
  });

/** As `hexdump -C` prints. */
const hexdumpC = (bytes: Buffer) =>
  lines(bytes, 16, (part, at) => {
    const half = (from: number) => [...part.subarray(from, from + 8)].map(hex).join(' ').padEnd(23);
    return `${at.toString(16).padStart(8, '0')}  ${half(0)}  ${half(8)}  |${shown(part)}|`;
  });

/** As `hexdump` (and `od -x`) print: little-endian 16-bit words, an odd last byte padded. */
const hexdump = (bytes: Buffer) =>
  lines(bytes, 16, (part, at) => {
    const words: string[] = [];
    for (let i = 0; i < part.length; i += 2) words.push(`${hex(part[i + 1] ?? 0)}${hex(part[i]!)}`);
    return `${at.toString(16).padStart(7, '0')} ${words.join(' ')}`;
  });

const dumps = { xxd, 'xxd -c 8': (b: Buffer) => xxd(b, 8), 'hexdump -C': hexdumpC, hexdump };

describe('a secret in a dump as xxd and hexdump print it', () => {
  const cases = [token, password, card].flatMap((secret) =>
    Object.keys(dumps).flatMap((dump) =>
      [1, 6, 11].flatMap((before) =>
        ['\n', '\r\n'].map((end) => [secret, dump, before, end] as const),
      ),
    ),
  );
  it.each(cases)('%s in %s after %i bytes (%j) is hidden', (secret, dump, before, end) => {
    const bytes = Buffer.from(`${'p'.repeat(before)}=${secret};${'q'.repeat(before + 2)}`);
    const text = `dump:${end}${dumps[dump as keyof typeof dumps](bytes).join(end)}${end}`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    // Nothing left holds 6 of the secret's characters, as text or as hex either way round.
    const pieces = [secret.slice(0, 6), secret.slice(-6)];
    const left = out.replace(/[^0-9a-f]/gi, '');
    for (const piece of pieces) {
      const bytesOf = Buffer.from(piece).toString('hex');
      expect(out).not.toContain(piece);
      expect(left).not.toContain(bytesOf);
      expect(left).not.toContain(bytesOf.slice(2, 10).replace(/(..)(..)/g, '$2$1'));
    }
  });

  it('a dump of other bytes stays as it is, in one go and in slices', () =>
    expectOtherBytesKept(dumps, [token, password, card], 20));
});

describe('a long secret’s bytes in decimal apart by blanks (od -tu1)', () => {
  /** As `od -tu1` prints: 16 bytes a line, each right-aligned in four columns, an offset or none. */
  const odDecimal = (bytes: Buffer, offsets: boolean) =>
    lines(bytes, 16, (part, at) => {
      const numbers = [...part].map((b) => String(b).padStart(4)).join('');
      return `${offsets ? at.toString(8).padStart(7, '0') : ''}${numbers}`;
    });

  const cases = [token, password, card].flatMap((secret) =>
    [false, true].flatMap((offsets) => [1, 9].map((before) => [secret, offsets, before] as const)),
  );
  it.each(cases)('%s (offsets %s, after %i bytes) is hidden', (secret, offsets, before) => {
    const bytes = Buffer.from(`${'p'.repeat(before)}=${secret};${'q'.repeat(20)}`);
    const text = `dump:\n${odDecimal(bytes, offsets).join('\n')}\n`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    const numbers = out.replace(/[^\d\s]|^\d{7}/gm, ' ').replace(/\s+/g, ' ');
    for (const piece of [secret.slice(0, 4), secret.slice(-4)])
      expect(numbers).not.toContain([...Buffer.from(piece)].join(' '));
  });

  it('numbers apart by blanks that are not the secret’s bytes stay as they are', () => {
    const texts = [
      'seats 12 40 99 250 55 51 55 7 3 7 are taken',
      odDecimal(Buffer.from('sk_live_other0000000000000; hello'), true).join('\n'),
      `row ${[...Buffer.from(card)].join(' ')}`.replace('52', '53'), // one digit off
    ];
    for (const text of texts)
      expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });
});

describe('a dump on one line, its bytes in groups two blanks apart', () => {
  // Not a text column: the groups after the first two blanks are bytes too (review16c's columns
  // first took them for one, and such a dump of a card or token was printed).
  const grouped = (text: string, perGroup: number) =>
    Buffer.from(text)
      .toString('hex')
      .match(/../g)!
      .map((byte, at) => (at && at % perGroup === 0 ? '  ' : at ? ' ' : '') + byte)
      .join('');
  it.each([card, token, password].flatMap((s) => [4, 8].map((n) => [s, n] as const)))(
    '%s in groups of %i is hidden, mid-line and at a line’s end',
    (secret, perGroup) => {
      const dump = grouped(`k=${secret};`, perGroup);
      expect(redactSecrets(`dump ${dump} end`, [secret])).toBe('dump [REDACTED] end');
      expect(redactSecrets(`dump ${dump}\nnext`, [secret])).toBe('dump [REDACTED]\nnext');
    },
  );
});
