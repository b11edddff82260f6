import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { card, holdsBytes, password, shown, token, hex } from './support/secret-dumps.js';

// review18c: curl --trace prints each byte as `%02x ` and its text column right after (one blank:
// `0030: 72 65 72 20 … 51 32 rer sk_live_9fQ2`), not two blanks later; tshark -x and Wireshark's
// "Copy as Hex Dump" start a line with four digits and two or three blanks (`0030  72 65 …`). A
// token, password or card across such lines was printed as its bytes: the column or the offset
// was read as bytes inside it.

const dumpOf = (bytes: Buffer, line: (bytes: string, text: string, offset: string) => string) => {
  const out: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const part = bytes.subarray(at, at + 16);
    const pairs = [...part].map((byte) => `${hex(byte)} `).join('');
    out.push(line(pairs.padEnd(48), shown(part), at.toString(16).padStart(4, '0')));
  }
  return out.join('\n');
};

const dumps: Record<string, (bytes: Buffer) => string> = {
  // curl's tool_cb_dbg.c: "%04zx: ", then "%02x " per byte (three blanks past the end), the text.
  'curl --trace': (bytes) =>
    `=> Send header, ${bytes.length} bytes (0x${bytes.length.toString(16)})\n` +
    dumpOf(bytes, (pairs, text, offset) => `${offset}: ${pairs}${text}`),
  'tshark -x': (bytes) =>
    dumpOf(bytes, (pairs, text, offset) => `${offset}  ${pairs.trimEnd().padEnd(47)}   ${text}`),
  'Wireshark, hex dump': (bytes) =>
    dumpOf(bytes, (pairs, _text, offset) => `${offset}   ${pairs.trimEnd()}`),
};

const request = (secret: string, before: number) =>
  Buffer.from(
    `POST /v1/x HTTP/1.1\r\nHost: a\r\n${'X'.repeat(before)}Authorization: Bearer ${secret}\r\nAccept: */*\r\n\r\n`,
  );

describe('a secret in a wire dump as curl --trace and Wireshark print it', () => {
  const cases = [token, password, card].flatMap((secret) =>
    Object.keys(dumps).flatMap((dump) => [0, 5, 11].map((before) => [secret, dump, before])),
  ) as [string, string, number][];

  it.each(cases)('%s in %s after %i more bytes is hidden', async (secret, dump, before) => {
    const text = dumps[dump]!(request(secret, before));
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(holdsBytes(out, secret)).toBe(false);
    expect(await redactSecretsAsync(text, [secret])).toBe(out);
  });

  it('a dump of other bytes stays as it is', () => {
    for (const dump of Object.values(dumps)) {
      const text = dump(request('sk_live_other0000000000000', 3));
      expect(redactSecrets(text, [token, password, card])).toBe(text);
    }
  });
});
