// A review of redteam47's dumps with a log's prefix on each line (src/base64-forms/prefixed-dumps.ts):
// a prefix whose last word is hex or digits (`pid 1234 `, `id=ab `) was not taken for one, each
// line was read alone, and a token across three lines printed its first and last characters.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

const TOKEN = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const DATA = Buffer.from(`{"key":"${TOKEN}","n":1}`);

/** xxd's lines (`00000010: 3465 4333 …  4eC3…`). */
const xxd = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / 16) }, (_, line) => {
    const row = bytes.subarray(line * 16, line * 16 + 16);
    const words = row
      .toString('hex')
      .match(/.{1,4}/g)!
      .join(' ');
    return `${(line * 16).toString(16).padStart(8, '0')}: ${words.padEnd(39)}  ${row.toString('latin1')}`;
  });
/** hexdump -C's lines (`00000010  34 65 43 …  |4eC3…|`). */
const hexdumpC = (bytes: Buffer) =>
  Array.from({ length: Math.ceil(bytes.length / 16) }, (_, line) => {
    const row = bytes.subarray(line * 16, line * 16 + 16);
    const pairs = row.toString('hex').match(/.{2}/g)!.join(' ');
    return `${(line * 16).toString(16).padStart(8, '0')}  ${pairs.padEnd(47)}  |${row.toString('latin1')}|`;
  });

/** Any piece of the token of 6 characters or more, as text or as its bytes' hex. */
function shownPiece(text: string): string | undefined {
  const compact = text.replace(/\s/g, '');
  for (let length = TOKEN.length; length >= 6; length--)
    for (let at = 0; at + length <= TOKEN.length; at++) {
      const piece = TOKEN.slice(at, at + length);
      if (text.includes(piece) || compact.includes(Buffer.from(piece).toString('hex')))
        return piece;
    }
  return undefined;
}

const PREFIXES: [string, (line: number) => string][] = [
  ['a process id', () => 'pid 1234 '],
  ['a request id in hex', () => 'req id=cafe '],
  ['a time and an id ending in hex', (line) => `2026-12-01T00:00:0${line}Z id=ab `],
];

describe('redactSecrets: a dump whose lines carry a prefix ending in hex', () => {
  for (const [dumper, dump] of [
    ['xxd', xxd],
    ['hexdump -C', hexdumpC],
  ] as const)
    it.each(PREFIXES)(`${dumper}, each line after %s`, (_name, prefix) => {
      const text = dump(DATA)
        .map((line, at) => prefix(at) + line)
        .join('\n');
      const scrubbed = redactSecrets(text, [TOKEN]);
      expect(scrubbed).toContain('[REDACTED]');
      expect(shownPiece(scrubbed)).toBeUndefined();
    });

  it('a log so prefixed that is no dump keeps every line', () => {
    const log = Array.from(
      { length: 6 },
      (_, line) => `pid 1234 0000001${line}: GET /v1/plans 200 ${line}ms seats 12 34 56 78`,
    ).join('\n');
    expect(redactSecrets(log, [TOKEN])).toBe(log);
  });

  it('a dump of no secret, so prefixed, keeps every line', () => {
    const text = xxd(Buffer.from('The quick brown fox jumps over the lazy dog, twice over.'))
      .map((line) => `pid 1234 ${line}`)
      .join('\n');
    expect(redactSecrets(text, [TOKEN])).toBe(text);
  });
});
