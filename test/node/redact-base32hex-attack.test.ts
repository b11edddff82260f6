import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { card, password, token } from './support/secret-dumps.js';

// review20c: redteam50 hid a secret in base32 (RFC 4648's alphabet, `base32`): the same bytes in
// base32's extended hex alphabet (RFC 4648 section 7: `basenc --base32hex`, DNSSEC's NSEC3, some
// IDs) were printed whole.

/** RFC 4648 base32hex, padded. */
const base32hex = (bytes: Buffer) => {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
  let [bits, value, out] = [0, 0, ''];
  for (const byte of bytes) {
    [value, bits] = [((value << 8) | byte) & 0xffff, bits + 8];
    for (; bits >= 5; bits -= 5) out += abc[(value >>> (bits - 5)) & 31];
  }
  if (bits > 0) out += abc[(value << (5 - bits)) & 31];
  return out.padEnd(Math.ceil(out.length / 8) * 8, '=');
};

const forms: Record<string, (secret: string) => string> = {
  base32hex: (secret) => base32hex(Buffer.from(`{"auth":"${secret}"}`)),
  'base32hex, lower case': (secret) => base32hex(Buffer.from(`key=${secret};`)).toLowerCase(),
  'base32hex at each alignment': (secret) =>
    [1, 2, 3, 4].map((more) => base32hex(Buffer.from(`${'x'.repeat(more)}${secret}`))).join(' '),
};

describe('a secret in base32hex', () => {
  const cases = Object.keys(forms).flatMap((form) =>
    [token, password, card].map((secret) => [form, secret] as const),
  );

  it.each(cases)('%s of %s is hidden', async (form, secret) => {
    const text = `request: ${forms[form]!(secret)} end`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    // Nothing the form wrote of the secret's first, middle or last six characters shows.
    for (const at of [0, 6, secret.length - 6]) {
      const piece = forms[form]!(secret.slice(at, at + 6)).replace(/=+$/, '');
      expect(out).not.toContain(piece.slice(4, -4));
    }
    expect(out).toMatch(/^request: [^]*end$/);
    expect(await redactSecretsAsync(text, [secret])).toBe(out);
  });

  it.each(Object.keys(forms))('%s of another secret stays', (form) => {
    const text = `request: ${forms[form]!('sk_live_other0000000000000')} end`;
    expect(redactSecrets(text, [token, password, card, '737'])).toBe(text);
  });
});
