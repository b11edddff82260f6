import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { octalOffset, odLines } from './support/od-lines.js';
import { card, password, token } from './support/secret-dumps.js';

// review20c: redteam50 read od's lines after a log's prefix only with od's default offset (seven
// octal digits) and groups of up to six digits: `od -A d` (decimal offsets: `0000016`), `od -A x`
// (six hex digits) and `od -t x4` (eight-digit words), each line after a prefix, printed the
// secret whole, though the same dump unprefixed was hidden.

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
/** od's 16-byte lines of `text`: each line's offset as `offset` prints it, then `cells`. */
const od =
  (offset: (at: number) => string, cells: (line: Buffer) => string) =>
  (text: string): string[] =>
    odLines(Buffer.from(text), cells, offset);
/** Little-endian words of `size` bytes, as od prints them on a little-endian machine. */
const words = (size: number) => (line: Buffer) => {
  const cells: string[] = [];
  for (let at = 0; at < line.length; at += size) {
    const word = [...line.subarray(at, at + size)].reverse();
    while (word.length < size) word.unshift(0);
    cells.push(` ${word.map((b) => hex(b, 2)).join('')}`);
  }
  return cells.join('');
};
const octal = octalOffset;
const forms: Record<string, (text: string) => string[]> = {
  'od -A d -x': od((at) => String(at).padStart(7, '0'), words(2)),
  'od -A x -t x1': od((at) => hex(at, 6), words(1)),
  'od -t x4': od(octal, words(4)),
  'od -t x8': od(octal, words(8)),
};
const prefixed = (lines: string[]) =>
  lines.map((line, at) => `2026-12-01T00:00:0${at % 10}Z app[12]: ${line}`).join('\n');

describe("od's other offsets and word sizes, each line after a log's prefix", () => {
  const cases = Object.keys(forms).flatMap((form) =>
    [token, password, card].map((secret) => [form, secret] as const),
  );

  it.each(cases)('%s of %s: hidden as the same lines unprefixed are', (form, secret) => {
    const body = `{"user":"ann","auth":"${secret}","next":1}`;
    const lines = forms[form]!(body);
    const [first, last] = [body.indexOf(secret), body.indexOf(secret) + secret.length];
    const alone = redactSecrets(lines.join('\n'), [secret]);
    expect(alone).toContain('[REDACTED]');
    const out = redactSecrets(`request body:\n${prefixed(lines)}\nnext line`, [secret]);
    expect(out).toContain('[REDACTED]');
    // No line holding the secret's bytes whose cells the unprefixed redaction hid is printed.
    lines.forEach((line, at) => {
      const cells = line.replace(/^\S+/, '');
      if (16 * at < last && 16 * at + 16 > first && !alone.includes(cells))
        expect(out).not.toContain(cells);
    });
    expect(out).toMatch(/^request body:\n[^]*\nnext line$/);
  });

  it.each(Object.keys(forms))('%s of other text, prefixed, stays as it is', (form) => {
    const text = prefixed(forms[form]!('{"user":"ann","auth":"sk_live_other0000000000000"}'));
    expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });
});
