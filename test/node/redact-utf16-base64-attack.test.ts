import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// PowerShell's `-EncodedCommand` (and .NET's `Convert.ToBase64String(Encoding.Unicode...)`) is
// base64 of the text's UTF-16LE bytes: a token or a card in such a command line, echoed by a
// service's debug output or a CI log, was printed whole (only base64 of UTF-8 was looked for).

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4242424242424242';

/** Base64 of `text`'s UTF-16LE bytes, as PowerShell encodes a command. */
function encodedCommand(text: string): string {
  let bytes = '';
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    bytes += String.fromCharCode(unit & 0xff, unit >> 8);
  }
  return btoa(bytes);
}

/** Hex of `text`'s UTF-16LE bytes, upper case. */
function utf16Hex(text: string): string {
  return Buffer.from(text, 'utf16le').toString('hex').toUpperCase();
}

/** The secret back out of a redacted command: its UTF-16LE decoded, where it still decodes. */
function decoded(encoded: string): string {
  const bytes = atob(encoded);
  let text = '';
  for (let at = 0; at + 1 < bytes.length; at += 2)
    text += String.fromCharCode(bytes.charCodeAt(at) | (bytes.charCodeAt(at + 1) << 8));
  return text;
}

describe('a secret in base64 of UTF-16LE text (PowerShell -EncodedCommand)', () => {
  it('is hidden at every alignment, in either alphabet, in one go and in slices', async () => {
    for (const secret of [token, card]) {
      for (const before of ['', 'a', 'ab', 'iwr -H "Authorization: Bearer ']) {
        const encoded = encodedCommand(`${before}${secret}"`);
        for (const form of [encoded, encoded.replace(/\+/g, '-').replace(/\//g, '_')]) {
          const line = `powershell.exe -EncodedCommand ${form}`;
          const hidden = redactSecrets(line, [secret]);
          expect(hidden, before).toContain('[REDACTED]');
          // What is left of the command decodes to no piece of the secret.
          const kept = hidden.replace('powershell.exe -EncodedCommand ', '').split('[REDACTED]');
          expect(decoded(kept[0]!.slice(0, kept[0]!.length & ~3))).not.toContain(
            secret.slice(0, 6),
          );
          const large = `${'x'.repeat(64 * 1024 - 40)} ${line} ${'y'.repeat(64)}`;
          expect(await redactSecretsAsync(large, [secret])).toBe(redactSecrets(large, [secret]));
        }
      }
    }
  });

  it("is not in a refusal's message the client throws", async () => {
    const command = encodedCommand(`curl -H "Authorization: Bearer ${token}"`);
    const client = refusingClient(token, {
      message: `rejected script: -EncodedCommand ${command}`,
    });
    const error = await client.plans.get('team').catch((caught: unknown) => caught);
    // The token's 80 bytes follow the command's first 62: base64 characters 83 to 190.
    const core = command.slice(90, 180);
    expect(String(error)).toContain('rejected script');
    expect(String(error)).not.toContain(core);
    expect(JSON.stringify(error)).not.toContain(core);
  });

  it("hides a CVC standing alone in it, in one go and in slices; another number's digits stay", async () => {
    // A CVC is too short for base64 cores: a word is decoded and read. Read as UTF-8, its UTF-16LE
    // had a zero byte between the digits (`9\u00008\u00007`), and the CVC was printed.
    for (const script of ['pay -cvc 987 -card x', 'cvc=987']) {
      for (const form of [encodedCommand(script), Buffer.from(script, 'utf16le').toString('hex')]) {
        const line = `powershell.exe -EncodedCommand ${form}`;
        expect(redactSecrets(line, ['987'])).toBe('powershell.exe -EncodedCommand [REDACTED]');
        const large = `${'x'.repeat(64 * 1024 - 20)} ${line} ${'y'.repeat(64)}`;
        const once = redactSecrets(large, ['987']);
        expect(once).not.toContain(form);
        expect(await redactSecretsAsync(large, ['987'])).toBe(once);
      }
    }
    for (const healthy of [encodedCommand('order 19870 of 3'), encodedCommand('total 987.00')])
      expect(redactSecrets(`cmd ${healthy}`, ['987'])).toBe(`cmd ${healthy}`);
  });

  it('is hidden as hex of its UTF-16LE bytes too (a .NET dump), in one go and in slices', async () => {
    // The command hid an unknown card so dumped; a known token or card was printed by the SDK.
    for (const secret of [token, card]) {
      for (const dump of [Buffer.from(secret, 'utf16le').toString('hex'), utf16Hex(secret)]) {
        const line = `bytes: 63006100${dump}2000`;
        // A card's hex word is read whole too (redteam32: grouped, other scripts' digits): it goes.
        const hidden = secret === card ? 'bytes: [REDACTED]' : 'bytes: 63006100[REDACTED]2000';
        expect(redactSecrets(line, [secret])).toBe(hidden);
        const large = `${'x'.repeat(64 * 1024 - 40)} ${line} ${'y'.repeat(64)}`;
        const once = redactSecrets(large, [secret]);
        expect(once).not.toContain(dump);
        expect(await redactSecretsAsync(large, [secret])).toBe(once);
      }
    }
  });
});
