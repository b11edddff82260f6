import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { BASE_URL, testClient, useMockHandlers } from '../support/msw.js';
import { useTelemetry } from '../observe/support/otel.js';

// The eleventh pass's secret forms attacked (redteam26): an override escaped as Python's
// json.dumps writes it, UTF-16BE bytes that end the text, and base64 of base64 wrapped at fewer
// than 60 characters a line. Each printed the secret.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const card = '4539148803436467';
const reversed = (text: string) => [...text].reverse().join('');
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const wrapped = (text: string, width: number, eol: string) =>
  text.match(new RegExp(`.{1,${width}}`, 'g'))!.join(eol);

/** `text` redacted in one go and, near the slices' edge, in slices: both hide `secret`'s `shown`. */
async function expectHidden(text: string, secret: string, shown: string): Promise<void> {
  const hidden = redactSecrets(text, [secret]);
  expect(hidden, JSON.stringify(text.slice(0, 60))).toContain('[REDACTED]');
  expect(hidden).not.toContain(shown);
  for (const before of [64 * 1024 - 20, 64 * 1024 - Math.floor(text.length / 2)]) {
    const large = `${'x'.repeat(before)} ${text}`;
    const once = redactSecrets(large, [secret]);
    expect(once).not.toContain(shown);
    expect(await redactSecretsAsync(large, [secret])).toBe(once);
  }
}

describe('a secret reversed after an escaped right-to-left override', () => {
  const otel = useTelemetry();
  useMockHandlers(
    http.all(`${BASE_URL}/v1/payments/card`, () =>
      HttpResponse.text(`card refused: {"holder": "\\u202e${reversed(card)}"}`, { status: 400 }),
    ),
  );
  // Python's json.dumps escapes every character past ASCII: `"\u202e7646…"` is the card on
  // screen once the field is parsed and printed. Only a raw U+202E was looked behind for.
  const escapes = ['\\u202e', '\\u202E', '%E2%80%AE', '&#x202e;', '&#8238;'];

  it('is hidden, however far after the override, in one go and in slices', async () => {
    for (const override of escapes)
      for (const [secret, note] of [
        [card, ''],
        [token, 'n'.repeat(300)],
      ] as const) {
        const body = `{"holder": "${override}${note}${reversed(secret)}", "id": 7}`;
        await expectHidden(body, secret, reversed(secret));
      }
  });

  it('leaves a reversed text after an escaped override that holds no secret', () => {
    const body = `{"holder": "\\u202e${reversed('4111222233334444')}"}`;
    expect(redactSecrets(body, [card])).toBe(body);
  });

  it("is not in a refusal's body the client throws, its log or its span", async () => {
    const log: unknown[][] = [];
    const keep = (...line: unknown[]) => void log.push(line);
    const client = testClient({
      maxRetries: 0,
      tracer: otel.tracer(),
      logLevel: 'debug',
      logger: { debug: keep, info: keep, warn: keep, error: keep },
    });
    const error = await client.card
      .register({ card_number: card, cvc: '987' })
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain('card refused');
    expect(log.length).toBeGreaterThan(0);
    const spans = await otel.text();
    expect(spans).toContain('card refused');
    for (const shown of [inspect(error, { depth: 9 }), JSON.stringify(error), inspect(log), spans])
      expect(shown).not.toContain(reversed(card));
  });
});

describe('a secret as UTF-16BE bytes at the end of a text', () => {
  // Java's getBytes(UTF_16BE): `\0s\0k…\0f`. Its base64 held the secret's UTF-16LE bytes whole
  // only when a character followed (its high zero the secret's last byte's place).
  it('is hidden in base64 and hex, its digits plain or full-width', async () => {
    const wideCard = card.replace(/\d/g, (d) => String.fromCharCode(0xff10 + +d));
    for (const [secret, text] of [
      [token, `token=${token}`],
      [card, `card ${card}`],
      [card, `card ${wideCard}`],
      [card, `card ${wideCard} paid`],
    ] as const) {
      const bytes = utf16be(text);
      await expectHidden(`config: ${b64(bytes)}`, secret, b64(bytes).slice(8, 40));
      await expectHidden(
        `dump: ${bytes.toString('hex')}`,
        secret,
        bytes.toString('hex').slice(-24),
      );
    }
  });
});

describe('a secret in base64 of base64 wrapped at fewer than 60 characters', () => {
  // `openssl base64 -w 40`, lines of 32 or 48: only lines of 60 or more were read whole.

  it('is hidden whatever the lines cut', async () => {
    for (const secret of [token, card])
      for (const width of [32, 40, 48])
        for (const eol of ['\n', '\r\n', ' '])
          for (let shift = 0; shift < 3; shift++) {
            const inner = b64(
              `${'x'.repeat(shift)}{"auth":"Bearer ${secret}","n":"${'n'.repeat(90)}"}`,
            );
            const word = b64(wrapped(inner, width, eol));
            await expectHidden(`config: ${word} (stored)`, secret, word.slice(40, 80));
          }
  });

  it('leaves base64 of wrapped text that holds no secret', () => {
    const word = b64(wrapped(b64('n'.repeat(300)), 40, '\n'));
    expect(redactSecrets(`config: ${word}`, [token, card])).toBe(`config: ${word}`);
  });
});

describe('a secret in base64 wrapped at fewer than 60 characters in a text', () => {
  // `openssl base64 -w 40` printed in a log, or a JSON value of such lines: a line break was read
  // through only after 60 base64 characters, and the token's base64 cut across lines was printed.

  it('is hidden whatever the lines cut, raw or in a JSON value', async () => {
    for (const secret of [token, card])
      for (const width of [32, 40, 48])
        for (let shift = 0; shift < 3; shift++) {
          const lines = wrapped(
            b64(`${'x'.repeat(shift)}{"auth":"Bearer ${secret}"}`),
            width,
            '\n',
          );
          const shown = lines.split('\n')[1]!;
          await expectHidden(`stored:\n${lines}\nend`, secret, shown);
          await expectHidden(JSON.stringify({ stored: lines }), secret, shown);
        }
  });

  it('leaves lines of base64 that hold no secret, and a log whose lines end in long words', () => {
    const lines = `stored:\n${wrapped(b64('n'.repeat(300)), 40, '\n')}\nend`;
    expect(redactSecrets(lines, [token, card])).toBe(lines);
    const log = `request 5f3e2a1b-9c8d-4e7f-a6b5-c4d3e2f1a0b9\n${'0123456789abcdef'.repeat(3)}\n2026-11-30 paid ${'7'.repeat(20)}`;
    expect(redactSecrets(log, [token, card])).toBe(log);
  });
});
