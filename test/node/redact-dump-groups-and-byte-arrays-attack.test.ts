import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { expectOtherBytesKept } from './support/other-bytes-dumped.js';
import { redactSecrets } from '../../src/node.js';
import { card, hex, password, shown, token } from './support/secret-dumps.js';

// redteam41: dumps the sixteenth pass's fixes missed. xxd -g 4 (each line's first group of eight
// digits was taken for an offset), hexdump or od -x of an odd number of bytes (the `00` filling
// the last word made UTF-16 of a card's digits), hexdump -x (16-bit words four blanks apart),
// od -tx4, xxd -e and od -tx8 (32- and 64-bit little-endian words); and a Buffer's JSON in a
// service's answer, parsed (a list of numbers in an error's body, not a text).

const lines = (bytes: Buffer, line: (part: Buffer, at: number) => string, perLine = 16) => {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += perLine)
    out.push(line(bytes.subarray(at, at + perLine), at));
  return out;
};
/** `part` in words of `size` bytes, each little-endian (the last filled with zeros) or in order. */
const words = (part: Buffer, size: number, littleEndian: boolean) => {
  const out: string[] = [];
  for (let at = 0; at < part.length; at += size) {
    const word = Buffer.alloc(size);
    part.copy(word, 0, at, at + size);
    const digits = [...(littleEndian ? word.reverse() : word)].map(hex).join('');
    out.push(littleEndian ? digits : digits.slice(0, (part.length - at) * 2));
  }
  return out;
};
const octal = (at: number) => at.toString(8).padStart(7, '0');

const dumps: Record<string, (bytes: Buffer) => string[]> = {
  'xxd -g 4': (bytes) =>
    lines(bytes, (part, at) => {
      const groups = words(part, 4, false).join(' ').padEnd(35);
      return `${at.toString(16).padStart(8, '0')}: ${groups}  ${shown(part)}`;
    }),
  'xxd -e': (bytes) =>
    lines(bytes, (part, at) => {
      const groups = words(part, 4, true).join(' ').padEnd(35);
      return `${at.toString(16).padStart(8, '0')}: ${groups}  ${shown(part)}`;
    }),
  'od -x': (bytes) => lines(bytes, (part, at) => `${octal(at)} ${words(part, 2, true).join(' ')}`),
  'hexdump -x': (bytes) =>
    lines(bytes, (part, at) => {
      const groups = words(part, 2, true).map((word) => `    ${word}`);
      return `${at.toString(16).padStart(7, '0')}${groups.join('')}`;
    }),
  'od -tx4': (bytes) =>
    lines(bytes, (part, at) => `${octal(at)} ${words(part, 4, true).join(' ')}`),
  'od -tx8': (bytes) =>
    lines(bytes, (part, at) => `${octal(at)} ${words(part, 8, true).join(' ')}`),
  'od -An -tx4': (bytes) => lines(bytes, (part) => ` ${words(part, 4, true).join(' ')}`),
};

/** Whether `out` still holds six bytes of `secret` in a row, as hex in order or in any word. */
function holdsBytes(out: string, secret: string): boolean {
  const digits = out.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return [secret.slice(0, 6), secret.slice(-6), secret.slice(5, 11)].some((piece) => {
    const bytes = Buffer.from(piece).toString('hex');
    const reversed = (size: number) =>
      (bytes.slice(0, size * 2).match(/../g) ?? []).reverse().join('');
    return (
      out.includes(piece) ||
      digits.includes(bytes) ||
      digits.includes(reversed(2)) ||
      digits.includes(reversed(4))
    );
  });
}

describe('a secret in a dump of words, across lines, any length', () => {
  const cases = [token, password, card].flatMap((secret) =>
    Object.keys(dumps).flatMap((dump) =>
      [0, 3, 7, 13].flatMap((before) =>
        ['\n', '\r\n'].map((end) => [secret, dump, before, end] as const),
      ),
    ),
  );
  it.each(cases)('%s in %s after %i bytes (%j) is hidden', (secret, dump, before, end) => {
    // An odd length as often as an even one: the last word is filled with zeros.
    const bytes = Buffer.from(`${'p'.repeat(before)}=${secret};${'q'.repeat(before + 3)}`);
    const text = `dump:${end}${dumps[dump]!(bytes).join(end)}${end}${octal(bytes.length)}${end}`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(holdsBytes(out, secret)).toBe(false);
  });

  it('a dump of other bytes stays as it is, in one go and in slices', () =>
    expectOtherBytesKept(dumps, [token, password, card], 21));
});

describe('a Buffer’s JSON in a service’s answer, parsed', () => {
  /** The error a call rejects with when the service answers 400 with `body`. */
  async function errorFor(body: unknown, secret: string) {
    const client = refusingClient(secret, body);
    return client.plans.get('p').then(
      () => expect.unreachable('the call should fail'),
      (error: unknown) => error,
    );
  }
  const printed = (error: unknown) => `${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}`;
  const listed = (text: string) => text.replace(/[^\d]+/g, ',');

  it.each([token, password])('%s’s bytes in the body are not printed', async (secret) => {
    const data = [...Buffer.from(`Bearer ${secret}`)];
    const bodies = [
      { error: 'bad header', received: { type: 'Buffer', data } },
      { error: 'bad header', bytes: data },
    ];
    for (const body of bodies) {
      const out = printed(await errorFor(body, secret));
      expect(out).toContain('[REDACTED]');
      expect(listed(out)).not.toContain(data.slice(8, 14).join(','));
      expect(out).toContain('bad header');
    }
  });

  it.each([token, card])(
    '%s’s bytes in a body of a slice or more are not printed',
    async (secret) => {
      // A body of 64K characters or more is redacted in slices (src/large-text), item by item.
      const data = [...Buffer.from(`${'x'.repeat(20_000)} Bearer ${secret}`)];
      const out = printed(await errorFor({ error: 'bad header', received: { data } }, secret));
      expect(out).toContain('[REDACTED]');
      expect(listed(out)).not.toContain(data.slice(-14, -8).join(','));
    },
  );

  it('a CVC in a Buffer’s JSON is hidden; seats that hold its bytes are not', () => {
    const data = [...Buffer.from('{"cvc":"737"}')];
    expect(redactSecrets({ received: { type: 'Buffer', data } }, ['737'])).toEqual({
      received: { type: 'Buffer', data: '[REDACTED]' },
    });
    const seats = { seats: [1, 2, 55, 51, 55], rows: [55, 51, 55] };
    expect(redactSecrets(seats, ['737'])).toEqual(seats);
  });

  it('a list of other numbers stays as it is', async () => {
    const body = {
      error: 'bad seats',
      seats: [1, 2, 55, 51, 55, 7],
      data: [...Buffer.from('hi!')],
    };
    const error = await errorFor(body, token);
    expect((error as { body: unknown }).body).toEqual(body);
  });
});
