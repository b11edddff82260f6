import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { refusingClient } from '../support/answering-client.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// A right-to-left override (U+202E) that is never popped lasts to the end of its paragraph: a
// field's value `\u202E<card reversed>` shows the card as itself wherever the value is printed.
// Only a run closed by its pop, an isolate's end or a `\n` was read reversed: one that ended with
// the text (a JSON field's value, a body without a last line break), a `\r` or a paragraph
// separator (U+2029) was printed, the card whole on screen.

const reversed = (text: string) => [...text].reverse().join('');
const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';

describe('a secret reversed inside an override that is never closed', () => {
  it('is hidden at the end of the text, before a \\r or U+2029, in one go and in slices', async () => {
    const cases: [string, string][] = [
      [`holder \u202e${reversed(card)}`, card],
      [`holder \u202e${reversed(card)}\r\nnext`, card],
      [`holder \u202e${reversed(card)}\u2029next`, card],
      [`Bearer \u202e${reversed(token)}\t(end)`, token],
      [`cvc: \u202e${reversed('987')}`, '987'],
    ];
    for (const [text, secret] of cases) {
      const hidden = redactSecrets(text, [secret]);
      expect(hidden, JSON.stringify(text)).toContain('[REDACTED]');
      expect(hidden).not.toContain(reversed(secret));
      // The text ends a large one, and across the slices' edge.
      for (const before of [64 * 1024 - 3, 64 * 1024 - text.length + 2, 128 * 1024 - 9]) {
        const large = `${'x'.repeat(before)} ${text}`;
        const once = redactSecrets(large, [secret]);
        expect(once).not.toContain(reversed(secret));
        expect(await redactSecretsAsync(large, [secret])).toBe(once);
      }
    }
  });

  it('is hidden in one line of JSON where more than 256 characters follow it', async () => {
    // The override in a field that is not the last: its run lasts to the line's end, all of it
    // shown reversed. Only a run ending within 256 was read reversed: the card was printed.
    const line = JSON.stringify({ holder: `\u202e${reversed(card)}`, note: 'n'.repeat(300) });
    const hidden = redactSecrets(line, [card]);
    expect(hidden).toContain('[REDACTED]');
    expect(hidden).not.toContain(reversed(card));
    for (const before of [64 * 1024 - 5, 64 * 1024 - 300]) {
      const large = `${'x'.repeat(before)}\n${line}`;
      const once = redactSecrets(large, [card]);
      expect(once).not.toContain(reversed(card));
      expect(await redactSecretsAsync(large, [card])).toBe(once);
    }
  });

  it("is not in a refusal's body the client throws", async () => {
    const client = refusingClient(token, {
      message: 'card refused',
      holder: `\u202e${reversed(card)}`,
    });
    const error = await client.card
      .register({ card_number: card, cvc: '987' })
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain('card refused');
    for (const shown of [inspect(error, { depth: 9 }), JSON.stringify(error)])
      expect(shown).not.toContain(reversed(card));
  });
});
