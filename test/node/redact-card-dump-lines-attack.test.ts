import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// review15b: a card whose bytes a dump wrapped across its lines of 16 (anywhere but at a line's
// start, or grouped: 19 bytes) was printed whole, a part on each line (xxd, od -An -tx1).

const card = '4539148803436467';

/** `bytes` as xxd prints them: an offset, 16 bytes a line in pairs, then (with `ascii`) the text. */
function xxd(bytes: Buffer, ascii: boolean): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const line = bytes.subarray(at, at + 16);
    const hex = line.toString('hex').replace(/(.{4})(?!$)/g, '$1 ');
    const text = ascii ? `  ${line.toString('latin1')}` : '';
    lines.push(`${at.toString(16).padStart(8, '0')}: ${hex.padEnd(39)}${text}`);
  }
  return lines.join('\n');
}

/** `bytes` as `od -An -tx1` prints them: 16 bytes a line, each apart. */
const od = (bytes: Buffer) =>
  bytes
    .toString('hex')
    .replace(/(..)(?!$)/g, '$1 ')
    .replace(/((?:.. ){16})/g, '$1\n');

/** The digits the dump's hex still holds, a `|` where something was cut out. */
function digitsLeft(shown: string): string {
  const hex = shown
    .split('\n')
    .map((line) => line.replace(/^[0-9a-f]{8}: /, '').slice(0, 39))
    .join(' ');
  return hex
    .split('[REDACTED]')
    .map((part) => Buffer.from(part.replace(/[^0-9a-f]/g, ''), 'hex').toString('latin1'))
    .join('|')
    .replace(/[^\d|]/g, '');
}

describe('a card wrapped across a hex dump’s lines', () => {
  const cases = [card, '4539 1488 0343 6467'].flatMap((written) =>
    [1, 5, 8, 12, 15].map((before) => [written, before] as const),
  );
  it.each(cases)('%j after %i bytes: no eight of its digits are printed', (written, before) => {
    const bytes = Buffer.from(`${'p'.repeat(before)}${written};${'q'.repeat(20)}`);
    for (const dump of [xxd(bytes, false), xxd(bytes, true), od(bytes)]) {
      const shown = redactSecrets(`dump:\n${dump}`, [card]);
      expect(shown).toContain('[REDACTED]');
      for (const run of digitsLeft(shown).split('|')) expect(run.length).toBeLessThan(8);
    }
  });

  it('a dump of other digits across its lines stays as it is', () => {
    const bytes = Buffer.from(`${'p'.repeat(9)}4000 0566 5566 5556;${'q'.repeat(20)}`);
    for (const dump of [xxd(bytes, false), od(bytes)])
      expect(redactSecrets(dump, [card])).toBe(dump);
  });
});
