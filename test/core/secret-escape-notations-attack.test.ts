// A service (or a proxy, a mail gateway, a debugging layer) echoes what it was sent in a notation
// the redaction did not know: quoted-printable (`=73=6B=5F`), a code point in braces (`\x{73}`,
// `\u{73}`), CSS escapes (`\73 \6b `), Unicode's `U+0073`, `\x73 \x6b` with a blank between, hex
// of the base64 of a secret and base64 of its hex. Each printed the token, card or database
// password whole: in an error's message and log line, and from `redactSecrets` (redteam53).
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { BASE_URL, TOKEN, testClient, useMockService } from '../support/msw.js';
import { seenOfFailure } from '../support/printed-failure.js';

const { server } = useMockService();
const CARD = { card_number: '4111111111111111', cvc: '737', exp_month: '12', exp_year: '2030' };
const PASSWORD = 'p@ss-W0rd!db';

const code = (char: string) => char.codePointAt(0)!.toString(16);
const bytes = (text: string) => [...Buffer.from(text)];
const hex = (text: string) => Buffer.from(text).toString('hex');
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Each notation: how it writes a text. */
const NOTATIONS: [string, (text: string) => string][] = [
  [
    'quoted-printable',
    (t) =>
      bytes(t)
        .map((b) => `=${b.toString(16).toUpperCase()}`)
        .join(''),
  ],
  ['\\x{..}', (t) => [...t].map((c) => `\\x{${code(c)}}`).join('')],
  ['\\u{..}', (t) => [...t].map((c) => `\\u{${code(c)}}`).join('')],
  ['CSS escapes', (t) => [...t].map((c) => `\\${code(c)} `).join('')],
  ['CSS escapes of six digits', (t) => [...t].map((c) => `\\${code(c).padStart(6, '0')}`).join('')],
  ['U+XXXX', (t) => [...t].map((c) => `U+${code(c).toUpperCase().padStart(4, '0')}`).join(' ')],
  [
    '\\x.. apart',
    (t) =>
      bytes(t)
        .map((b) => `\\x${b.toString(16)}`)
        .join(' '),
  ],
  ['hex of base64', (t) => hex(base64(t))],
  ['base64 of hex', (t) => base64(hex(t))],
];
const SECRETS: [string, string][] = [
  ['token', TOKEN],
  ['card', CARD.card_number],
  ['password', PASSWORD],
];
const casesOf = (secrets: [string, string][]) =>
  NOTATIONS.flatMap(([notation, write]) =>
    secrets.map(([name, secret]) => [`${name} as ${notation}`, write(secret)] as const),
  );
const CASES = casesOf(SECRETS);
/** What a client knows (its token, the card it sent): a database password is the command's. */
const CLIENT_CASES = casesOf(SECRETS.filter(([name]) => name !== 'password'));

/**
 * What is left of `echo` in `shown`: none of it but a base64 or hex word's edge characters
 * (those that mix in the neighbouring bytes say nothing of the secret) and a blank it took in.
 */
function leftOf(shown: string): string {
  expect(shown).toMatch(/^declined: .*\[REDACTED\].*\(retry\)$/);
  return shown.slice('declined: '.length, -'(retry)'.length).replace('[REDACTED]', '').trim();
}

describe('redactSecrets and a secret in another notation', () => {
  it.each(CASES)('%s', (_, echo) => {
    const shown = redactSecrets(`declined: ${echo} (retry)`, [TOKEN, CARD.card_number, PASSWORD]);
    expect(leftOf(shown).length).toBeLessThanOrEqual(6);
  });

  it('a text with such notations and no secret stays as it is', () => {
    const text =
      'limit=50&offset=60, =41=42 U+0041 \\x{41} \\41 \\x41 \\x42 font: "\\f101" ' +
      `${hex(base64('another secret'))} ${base64(hex('another secret'))}`;
    expect(redactSecrets(text, [TOKEN, CARD.card_number, PASSWORD])).toBe(text);
  });
});

describe('an error answer echoing a secret so', () => {
  it.each(CLIENT_CASES)('%s: not in the error, its printing nor the log', async (_, echo) => {
    server.use(
      http.put(`${BASE_URL}/v1/payments/card`, () =>
        HttpResponse.json({ detail: `card refused: ${echo}`, echo }, { status: 400 }),
      ),
    );
    const printed = await seenOfFailure((logger) =>
      testClient({ logger, logLevel: 'debug', maxRetries: 0 }).card.register(CARD),
    );
    expect(printed).toContain('[REDACTED]');
    expect(printed).not.toContain(echo);
    expect(printed).not.toContain(JSON.stringify(echo).slice(1, -1));
  });
});
