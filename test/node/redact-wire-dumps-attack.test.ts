import { describe, expect, it } from 'vitest';
import { printedFailure } from '../support/printed-failure.js';
import { createClient } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { card, holdsBytes, password, shown, token, hex } from './support/secret-dumps.js';

// redteam44: the wire dumps a proxy or a debugging user prints a request in. `curl --trace`
// (offsets `0000: `), `tcpdump -X` (`\t0x0000:  ` and 16-bit words) and Netty's LoggingHandler
// (`|00000000| … |text|`, a Java gateway's wiretap) start each line with an offset of four digits
// or between pipes: only xxd's, od's and hexdump's (six to eight digits) were read across lines.
// A token or password across three lines was printed: its bytes, and its first and last
// characters in the text columns (the middle line's, a long piece, alone was hidden).

const lines = (bytes: Buffer, line: (part: Buffer, at: number) => string) => {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) out.push(line(bytes.subarray(at, at + 16), at));
  return out.join('\n');
};
const pairs = (part: Buffer) => [...part].map(hex);

const dumps: Record<string, (bytes: Buffer) => string> = {
  'curl --trace': (bytes) =>
    `=> Send header, ${bytes.length} bytes (0x${bytes.length.toString(16)})\n` +
    lines(bytes, (part, at) => {
      const offset = at.toString(16).padStart(4, '0');
      return `${offset}: ${pairs(part).join(' ').padEnd(48)} ${shown(part)}`;
    }),
  'tcpdump -X': (bytes) =>
    `21:40:01.123456 IP 10.0.0.1.50000 > 10.0.0.2.443: Flags [P.], length ${bytes.length}\n` +
    lines(bytes, (part, at) => {
      const words = (
        pairs(part)
          .join('')
          .match(/.{1,4}/g) ?? []
      ).join(' ');
      return `\t0x${at.toString(16).padStart(4, '0')}:  ${words.padEnd(40)}  ${shown(part)}`;
    }),
  'Netty LoggingHandler': (bytes) =>
    [
      `[id: 0x5b2c, L:/10.0.0.1:50000 - R:/10.0.0.2:443] WRITE: ${bytes.length}B`,
      '         +-------------------------------------------------+',
      '         |  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f |',
      '+--------+-------------------------------------------------+----------------+',
      lines(bytes, (part, at) => {
        const offset = at.toString(16).padStart(8, '0');
        return `|${offset}| ${pairs(part).join(' ').padEnd(47)} |${shown(part).padEnd(16)}|`;
      }),
      '+--------+-------------------------------------------------+----------------+',
    ].join('\n'),
};

const request = (secret: string, before: number) =>
  Buffer.from(
    `POST /v1/x HTTP/1.1\r\n${'X'.repeat(before)}Authorization: Bearer ${secret}\r\n\r\n`,
  );

describe('a secret in a wire dump, across its lines', () => {
  const cases = [token, password, card].flatMap((secret) =>
    Object.keys(dumps).flatMap((dump) => [0, 5, 11].map((before) => [secret, dump, before])),
  ) as [string, string, number][];

  it.each(cases)('%s in %s after %i more bytes is hidden', (secret, dump, before) => {
    const out = redactSecrets(dumps[dump]!(request(secret, before)), [secret]);
    expect(out).toContain('[REDACTED]');
    expect(holdsBytes(out, secret)).toBe(false);
  });

  it('in a proxy’s error answer: the error’s message, inspect and JSON', async () => {
    for (const dump of Object.values(dumps)) {
      const client = createClient({
        baseUrl: 'https://api.example.com',
        token,
        maxRetries: 0,
        fetch: async () =>
          new Response(`upstream refused the request:\n${dump(request(token, 3))}\n`, {
            status: 502,
            headers: { 'content-type': 'text/plain' },
          }),
      });
      const printed = await printedFailure(client.plans.get('p'));
      expect(printed).toContain('upstream refused the request');
      expect(holdsBytes(printed, token)).toBe(false);
    }
  });

  it('a dump of other bytes stays as it is, in one go and in slices', async () => {
    const bytes = request('sk_live_other0000000000000', 3);
    for (const dump of Object.values(dumps)) {
      const text = dump(bytes);
      expect(redactSecrets(text, [token, password, card])).toBe(text);
      const large = `${'x'.repeat(64 * 1024 - 30)}\n${text}\n${'y'.repeat(100)}`;
      expect(await redactSecretsAsync(large, [token, password, card])).toBe(large);
    }
  });
});
