import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// redteam26's secret forms reviewed (review12b): an override escaped by other languages than
// JSON's, HTML's and a URL's (Rust's and JavaScript's `\u{202e}`, Perl's `\x{202e}`, Python's
// `\U0000202e` and its bytes `\xe2\x80\xae`, Git's octal `\342\200\256`) left the card reversed
// after it shown; the escape cut by the slices' edge; ordinary logs redacted as they were.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const reversed = (text: string) => [...text].reverse().join('');

/** `text` redacted in one go and in slices whose edge falls at each of `edges` characters in. */
async function bothWays(text: string, edges: readonly number[]): Promise<string> {
  const once = redactSecrets(text, [token, card]);
  for (const edge of edges) {
    const large = `${'x'.repeat(64 * 1024 - edge)}${text}`;
    const whole = redactSecrets(large, [token, card]);
    expect(await redactSecretsAsync(large, [token, card])).toBe(whole);
    expect(whole.slice(64 * 1024 - edge)).toBe(once);
  }
  return once;
}

describe('a secret reversed after an override escaped as other languages print it', () => {
  const escapes = [
    '\\u{202e}', // Rust's `{:?}`, JavaScript's and Swift's source
    '\\u{202E}',
    '\\x{202e}', // Perl's
    '\\U0000202E', // Python's and C's long escape
    '\\xe2\\x80\\xae', // Python's bytes: a body logged as b'...'
    '\\342\\200\\256', // Git's quoted paths, C's octal
    '\\\\u202e', // JSON of JSON, lower case
    '&#X202E;',
    '&#0008238;',
  ];

  it('is hidden, in one go and in slices whose edge cuts the escape', async () => {
    for (const override of escapes)
      for (const secret of [card, token]) {
        const body = `{"holder": "${override}${reversed(secret)}", "id": 7}`;
        const cuts = [13, 14, 13 + Math.floor(override.length / 2), 12 + override.length];
        const hidden = await bothWays(body, cuts);
        expect(hidden, override).toContain('[REDACTED]');
        expect(hidden, override).not.toContain(reversed(secret));
      }
  });

  it('leaves a reversed text that holds no secret after such an escape', () => {
    const body = `{"holder": "\\u{202e}${reversed('4111222233334444')}"}`;
    expect(redactSecrets(body, [token, card])).toBe(body);
  });
});

describe('ordinary logs, redacted since base64 lines of 16 are read through', () => {
  // The whole-line rule joins a line of 16 base64 characters or more (not hex) to the next: an id
  // alone on its line, a hash list, ids at the ends of lines must come out as they went in.
  const logs = [
    'GET /v1/seats 200 12 ms\nrequest_id=req_8f2kq9x0z1abcdefgh\nuser_7Hx9kLmNpQrStUvW logged in',
    'session\nAbCdEfGhIjKlMnOpQrStUv\nWxYz0123456789abcdEF\nOK',
    Array.from({ length: 40 }, (_, at) => `${at}`.padStart(40, 'f0e1d2c3b4a5')).join('\n'),
    Array.from({ length: 40 }, (_, at) => `paid ${at} EUR id\npay_${'Zq9'.repeat(8)}${at}`).join(
      '\n',
    ),
    JSON.stringify({ lines: 'tenant_AbCdEfGhIjKlMnOp\nworker_QrStUvWxYz012345\n4242' }),
  ];

  it('are unchanged, in one go and in slices', async () => {
    for (const log of logs) expect(await bothWays(log, [5, 30, 200])).toBe(log);
  });
});

describe('a secret alone in base64 wrapped at 16 to 48 a line, encoded again', () => {
  // `base64 -w 32 | base64 -w 0` of the token alone (a config store's value): the outer word is
  // 76 characters, and only words of 84 or more were read for inner lines (the length that held
  // a line of 60, before lines of 16 counted). The token's base64 cut at the line was printed.
  const b64 = (text: string) => btoa(text);
  const wrapped = (text: string, width: number) =>
    `${text.match(new RegExp(`.{1,${width}}`, 'g'))!.join('\n')}\n`;

  it('is hidden, in one go and in slices', async () => {
    for (const text of [token, `Bearer ${token}`, `{"t":"${token}"}`])
      for (const width of [16, 24, 32, 40, 48]) {
        const word = b64(wrapped(b64(text), width));
        const hidden = await bothWays(`config: ${word} (stored)`, [4, 30]);
        expect(hidden, `${text} ${width}`).toContain('[REDACTED]');
        expect(hidden).not.toContain(word.slice(8, 20));
      }
  });

  it('leaves base64 words and hashes that hold no secret', async () => {
    const text = `${b64(wrapped(b64('n'.repeat(40)), 32))} ${'ab12'.repeat(10)} ${b64('x'.repeat(30))}`;
    expect(await bothWays(text, [4, 30])).toBe(text);
  });
});
