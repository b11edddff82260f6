import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// The fast set's representative of redaction passes whose tests search 64K-slice texts for
// seconds of CPU (npm run test:all runs them whole): the same secret forms, redacted in one go.
// redact-twelfth-pass-review, redact-eleventh-pass-forms-attack,
// redact-bidi-override-unclosed-attack and redact-wide-text-attack (each .full.test.ts).

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const reversed = (text: string) => [...text].reverse().join('');

/** `text` redacted in one go: `[REDACTED]` where `shown` was, `shown` nowhere. */
function expectHidden(text: string, secrets: string[], shown: string): void {
  const hidden = redactSecrets(text, secrets);
  expect(hidden, JSON.stringify(text.slice(0, 60))).toContain('[REDACTED]');
  expect(hidden).not.toContain(shown);
}

describe('a secret reversed after an escaped override, in one go', () => {
  // review12b (other languages' escapes) and redteam26 (Python's json.dumps, a URL's, HTML's).
  const escapes = ['\\u{202e}', '\\x{202e}', '\\U0000202E', '\\xe2\\x80\\xae', '\\342\\200\\256'];
  const eleventh = ['\\u202e', '%E2%80%AE', '&#x202e;', '&#8238;'];

  it('is hidden, right after the override (a card) and 300 characters after it (a token)', () => {
    for (const override of [...escapes, ...eleventh])
      for (const [secret, note] of [
        [card, ''],
        [token, 'n'.repeat(300)],
      ] as const) {
        const body = `{"holder": "${override}${note}${reversed(secret)}", "id": 7}`;
        expectHidden(body, [secret], reversed(secret));
      }
  });

  it('leaves a reversed text that holds no secret after such an escape', () => {
    const body = `{"holder": "\\u{202e}${reversed('4111222233334444')}"}`;
    expect(redactSecrets(body, [token, card])).toBe(body);
  });
});

describe('a secret reversed inside an override that is never closed, in one go', () => {
  it('is hidden at the end of the text, before a \\r or U+2029', () => {
    const cases: [string, string][] = [
      [`holder \u202e${reversed(card)}`, card],
      [`holder \u202e${reversed(card)}\r\nnext`, card],
      [`holder \u202e${reversed(card)}\u2029next`, card],
      [`Bearer \u202e${reversed(token)}\t(end)`, token],
      [`cvc: \u202e${reversed('987')}`, '987'],
    ];
    for (const [text, secret] of cases) expectHidden(text, [secret], reversed(secret));
  });
});

describe('a secret as UTF-32 bytes, in one go', () => {
  const utf32le = (text: string) => {
    const bytes = Buffer.alloc([...text].length * 4);
    [...text].forEach((char, at) => bytes.writeUInt32LE(char.codePointAt(0)!, at * 4));
    return bytes;
  };

  it('is hidden in hex and in base64', () => {
    for (const secret of [token, card]) {
      const bytes = utf32le(`Bearer ${secret}`);
      const own = utf32le(secret).toString('hex').slice(8, 40);
      expectHidden(`dump=${bytes.toString('hex')} (end)`, [token, card], own);
      const base64 = bytes.toString('base64');
      expectHidden(`dump: ${base64}`, [token, card], base64.slice(-40, -8));
    }
  });
});
