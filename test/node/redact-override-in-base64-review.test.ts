import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// review13b: a card written reversed after a right-to-left override is hidden in a text (redteam26,
// review12b), but the same field base64-encoded whole (a JSON answer stored as base64, a log's
// payload) printed it: decoded and shown, the override shows the card as itself. A long base64
// word whose bytes are text past ASCII is read as its text (wide-text.ts, redteam29); an
// override's run in that text is now read as it is shown, reversed.

const card = '4539148803436467';
const reversed = [...card].reverse().join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');

describe("a card reversed after an override, inside a long base64 word's text", () => {
  it.each([
    ['a run to the end', `{"note":"\u202e${reversed}","order":5123}`],
    ['a run closed by a pop', `{"order":5123,"note":"paid by \u202e${reversed}\u202c today"}`],
  ])('%s: hidden, one go and in slices', async (_what, inner) => {
    const word = base64(inner);
    const text = `payload=${word} end`;
    expect(redactSecrets(text, [card])).toBe('payload=[REDACTED] end');
    const long = `${'x'.repeat(64 * 1024 - 20)} ${text}`;
    expect(await redactSecretsAsync(long, [card])).toBe(redactSecrets(long, [card]));
    expect(redactSecrets(long, [card])).not.toContain(word);
  });

  it('a base64 word with an override and no secret in its run passes unchanged', () => {
    const text = `payload=${base64(`{"note":"\u202e${'1234567890123456'}","order":5123}`)} end`;
    expect(redactSecrets(text, [card])).toBe(text);
  });
});
