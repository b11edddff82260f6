import { createHash } from 'node:crypto';
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

// wide-text.ts reads a long base64 word whose bytes are past ASCII (every random id's) as text:
// ids, keys and JWTs that hold no secret pass unchanged, with a card, its CVC and a token known.
describe('long base64 words without a secret, read as their text', () => {
  const secrets = [card, '987', 'sk_live_324c9e4eabd5832b0267441b28790ef9'];
  const bytes = (n: number, length: number) =>
    Buffer.concat([0, 1, 2].map((k) => createHash('sha256').update(`${n}/${k}`).digest())).subarray(
      0,
      length,
    );

  it('ids of 33 to 96 random bytes, base64 and base64url, pass unchanged', () => {
    for (let n = 0; n < 600; n++) {
      const id = bytes(n, 33 + (n % 64)).toString(n % 2 ? 'base64' : 'base64url');
      expect(redactSecrets(`id=${id}`, secrets)).toBe(`id=${id}`);
    }
  });

  it('JWTs whose claims are text past ASCII pass unchanged', () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (let n = 0; n < 200; n++) {
      const claims = { sub: `user-${n}`, name: 'Zoë Ångström 山田', iat: 1_795_000_000 + n };
      const jwt = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${bytes(n, 32).toString('base64url')}`;
      expect(redactSecrets(`Bearer ${jwt}`, secrets)).toBe(`Bearer ${jwt}`);
    }
  });
});
