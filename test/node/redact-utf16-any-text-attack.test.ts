import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// UTF-16 text holding a character past Latin-1 (a Japanese name, an en dash, full-width digits),
// or big-endian (Java's, after a byte order mark): only UTF-16LE of Latin-1 text was read for a
// CVC, and a card's full-width digits only as UTF-8. The command hid an unknown card so sent; the
// SDK printed its own CVC and card.

const card = '4539148803436467';
const wide = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0xff10 + +d));
const le = (text: string) => Buffer.from(text, 'utf16le');
const be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const encodings = (bytes: Buffer) => [
  bytes.toString('base64'),
  bytes.toString('base64url'),
  bytes.toString('hex'),
  bytes.toString('hex').toUpperCase(),
];

async function hiddenAlike(line: string, secret: string, form: string): Promise<void> {
  const hidden = redactSecrets(line, [secret]);
  expect(hidden, line).toContain('[REDACTED]');
  expect(hidden).not.toContain(form);
  const large = `${'x'.repeat(64 * 1024 - 30)} ${line} ${'y'.repeat(64)}`;
  const once = redactSecrets(large, [secret]);
  expect(once).not.toContain(form);
  expect(await redactSecretsAsync(large, [secret])).toBe(once);
}

describe('a secret in UTF-16 text of any characters', () => {
  it('hides a CVC in UTF-16LE or UTF-16BE text past Latin-1, in one go and in slices', async () => {
    for (const script of ['pay -cvc 987 -name 山田', 'cvc=987 – ok', 'cvc ９８７', '山田 987']) {
      for (const bytes of [
        le(script),
        be(script),
        Buffer.concat([Buffer.from([0xfe, 0xff]), be(script)]),
      ])
        for (const form of encodings(bytes)) await hiddenAlike(`cmd ${form} end`, '987', form);
    }
    // Another number's digits stay: an order, an amount.
    for (const healthy of ['注文 19870 件', 'total 987.00 – 山田'])
      for (const form of encodings(le(healthy)))
        expect(redactSecrets(`cmd ${form}`, ['987'])).toBe(`cmd ${form}`);
  });

  it('hides a card of full-width digits in UTF-16LE, and any card in UTF-16BE hex', async () => {
    for (const bytes of [le(`名前 ${wide(card)}`), le(`x${wide(card)}`)])
      for (const form of encodings(bytes)) {
        // The card's bytes inside the word: what a reader would decode back.
        const core = form.length > 60 ? form.slice(form.length / 3, (2 * form.length) / 3) : form;
        await hiddenAlike(`cmd ${form} end`, card, core);
      }
    for (const text of [card, `a${card}`]) {
      const dump = be(text).toString('hex');
      await hiddenAlike(`bytes: ${dump} end`, card, dump.slice(-40));
    }
  });

  it("is not in a refusal's message the client throws", async () => {
    const command = le(`pay -cvc 987 -name 山田 -card ${wide(card)}`).toString('base64');
    const client = refusingClient('sk_live_324c9e4eabd5832b0267441b28790ef9', {
      message: `rejected script: ${command}`,
    });
    const error = await client.card
      .register({ card_number: card, cvc: '987' })
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain('rejected script');
    for (const shown of [String(error), inspect(error, { depth: 9 }), JSON.stringify(error)])
      expect(shown).not.toContain(command.slice(8, 40));
  });
});
