import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam29: a token or a card as UTF-32 bytes (Python's `encode('utf-32')`, a `wchar_t` dump),
// in hex or base64, and a card or token written in another script's digits (an Arabic or Hindi
// locale's) inside base64, were printed: the secret's hex and base64 forms know its UTF-8 and
// UTF-16 bytes only, and its ASCII and full-width digits.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const secrets = [token, card];

/** `text` redacted in one go and in slices whose edge falls at each of `edges` characters in. */
async function bothWays(text: string, edges: readonly number[]): Promise<string> {
  const once = redactSecrets(text, secrets);
  for (const edge of edges) {
    const large = `${'x'.repeat(64 * 1024 - edge)} ${text}`;
    const whole = redactSecrets(large, secrets);
    expect(await redactSecretsAsync(large, secrets)).toBe(whole);
    expect(whole.slice(64 * 1024 - edge + 1)).toBe(once);
  }
  return once;
}

function utf32(text: string, bigEndian: boolean): Buffer {
  const bytes = Buffer.alloc([...text].length * 4);
  [...text].forEach((char, at) =>
    bigEndian
      ? bytes.writeUInt32BE(char.codePointAt(0)!, at * 4)
      : bytes.writeUInt32LE(char.codePointAt(0)!, at * 4),
  );
  return bytes;
}
const inScript = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));

describe('a secret as UTF-32 bytes', () => {
  it('is hidden in hex and in base64, either byte order, alone or at the end', async () => {
    for (const secret of secrets)
      for (const bigEndian of [false, true])
        for (const text of [secret, `Bearer ${secret}`]) {
          const bytes = utf32(text, bigEndian);
          // The secret's own bytes in hex; the whole word in base64 (its cores are not the secret's).
          const own = utf32(secret, bigEndian).toString('hex').slice(8, 40);
          for (const [shown, part] of [
            [bytes.toString('hex'), own],
            [bytes.toString('base64'), bytes.toString('base64').slice(-40, -8)],
          ] as const)
            for (const body of [`dump=${shown} (end)`, `dump: ${shown}`]) {
              const hidden = await bothWays(body, [3, 40]);
              expect(hidden, body).toContain('[REDACTED]');
              expect(hidden, body).not.toContain(part);
            }
        }
  });

  it('leaves UTF-32 of a text without a secret as it was', async () => {
    const bytes = utf32('4111222233334444 and sk_live_other_token', false);
    const body = `${bytes.toString('hex')} ${bytes.toString('base64')}`;
    expect(await bothWays(body, [3])).toBe(body);
  });
});

describe("a secret in another script's digits inside base64", () => {
  const scripts = { 'Arabic-Indic': 0x660, Persian: 0x6f0, Devanagari: 0x966, Bengali: 0x9e6 };

  it('is hidden, in a JSON value and alone', async () => {
    for (const [script, zero] of Object.entries(scripts))
      for (const text of [
        JSON.stringify({ card: inScript(card, zero), exp: inScript('12/29', zero) }),
        inScript(token, zero),
        `Bearer ${inScript(token, zero)}`,
      ]) {
        const word = Buffer.from(text).toString('base64');
        const hidden = await bothWays(`value=${word} (stored)`, [3, 30]);
        expect(hidden, `${script} ${text}`).toContain('[REDACTED]');
        expect(hidden, script).not.toContain(word.slice(4, 40));
      }
  });

  it('leaves base64 of such text without a secret as it was', async () => {
    const text = JSON.stringify({ total: inScript('4111 2222 3333 4444 1999', 0x660), n: 'x' });
    const body = `value=${Buffer.from(text).toString('base64')}`;
    expect(await bothWays(body, [3])).toBe(body);
  });
});
