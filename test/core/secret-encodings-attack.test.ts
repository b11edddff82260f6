// A hostile or careless service echoes what it was sent in encodings the redaction did not know:
// the card number grouped by dots, slashes, underscores or several spaces ("4111.1111.1111.1111",
// as receipts and some gateways print it), and the token, card or CVC as hex of their bytes (a
// debug dump, a `\x..` escaped repr). Each was printed as is in an error, its log line, and by
// `redactSecrets`.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { seenOfFailure } from '../support/printed-failure.js';

const { server } = useMockService();
const CARD = { card_number: '4111111111111111', cvc: '737', exp_month: '12', exp_year: '2030' };

const hex = (text: string) => Buffer.from(text).toString('hex');
const escapedHex = (text: string) => [...Buffer.from(text)].map((b) => `\\x${b.toString(16)}`);

/** Each echo, and the secret whose digits or bytes it must not show. */
const ECHOES: [string, string, string][] = [
  ['card by dots', '4111.1111.1111.1111', CARD.card_number],
  ['card by slashes', '4111/1111/1111/1111', CARD.card_number],
  ['card by underscores', '4111_1111_1111_1111', CARD.card_number],
  ['card by two spaces', '4111  1111  1111  1111', CARD.card_number],
  ['card by " - "', '4111 - 1111 - 1111 - 1111', CARD.card_number],
  ['card as hex', hex(CARD.card_number), hex(CARD.card_number)],
  ['card as upper-case hex', hex(CARD.card_number).toUpperCase(), hex(CARD.card_number)],
  ['token as hex', hex(TOKEN), hex(TOKEN)],
  ['token as \\x escapes', escapedHex(TOKEN).join(''), escapedHex(TOKEN).join('')],
  ['CVC as hex', `cvc=${hex(CARD.cvc)}`, hex(CARD.cvc)],
];

/** Whether `text` still shows the secret: its digits with separators or `\x` escapes dropped. */
function shows(text: string, secret: string): boolean {
  const squeezed = text
    .replace(/\\+x/gi, '')
    .replace(/[\s./_-]/g, '')
    .toLowerCase();
  return squeezed.includes(secret.replace(/\\x/g, '').toLowerCase());
}

describe('redactSecrets and a secret echoed by dots or as hex', () => {
  it.each(ECHOES)('%s', (_, echo, secret) => {
    const shown = redactSecrets(`declined: ${echo} (retry)`, [TOKEN, CARD.card_number, CARD.cvc]);
    expect(shown).toContain('[REDACTED]');
    expect(shows(shown, secret)).toBe(false);
    expect(shown).toMatch(/^declined: .*\(retry\)$/);
  });

  it('a card number given with dots is found however it comes back', () => {
    for (const echo of ['4111111111111111', '4111 1111 1111 1111', '4111.1111.1111.1111'])
      expect(redactSecrets(`pan ${echo}`, ['4111.1111.1111.1111'])).toBe('pan [REDACTED]');
  });

  it('what holds no secret stays: a date, an amount, a hex id, a short number', () => {
    const text = 'invoice 4111 of 2026.11.29: 41.11, trace 0a1b2c3d4e5f, cvc field 3733';
    expect(redactSecrets(text, [TOKEN, CARD.card_number, CARD.cvc])).toBe(text);
  });
});

describe('an error answer echoing the card and token so', () => {
  it.each(ECHOES)('%s: not in the error, its printing nor the log', async (_, echo, secret) => {
    server.use(
      http.put(`${BASE_URL}/v1/payments/card`, () =>
        HttpResponse.json({ detail: `card refused: ${echo}`, echo }, { status: 400 }),
      ),
    );
    const printed = await seenOfFailure((logger) =>
      testClient({ logger, logLevel: 'debug', maxRetries: 0 }).card.register(CARD),
    );
    expect(printed).toContain('[REDACTED]');
    expect(shows(printed, secret)).toBe(false);
  });
});
