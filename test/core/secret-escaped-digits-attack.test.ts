// A secret in another script's characters, then escaped: a service that writes JSON with
// non-ASCII escaped (Python's json.dumps by default) echoes a CJK page's card `４２４２…` as
// `\uFF14\uFF12…`; a query or a form, `%EF%BC%94…`; an HTML page, `&#65300;…`; a log, base64 of
// it. The patterns knew each escape of an ASCII digit and each script's digit, never an escape of
// that digit: all of these were printed as is. Nor did they know a CVC whose digits carry marks
// (`9\u0301`, a variation selector), spaced as read out (`CVC: 9 8 7`), labelled in full-width
// Latin (`ＣＶＣ`), double URL-encoded (`cvc%253D987`), or named in Hindi, Hebrew, Greek, Thai or
// Vietnamese; nor a token in full-width Latin. Each is now hidden, amounts as they were kept.
import { describe, expect, it } from 'vitest';
import { APIError, createClient } from '../../src/index.js';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';
import { validationQuoteOf } from '../support/validation-quote.js';

const CARD = '4242424242424242';
const CVC = '987';
const TOKEN = 'tok_7Hq2mZ9vXc4LpR8sW1nB';

const fullWidth = (text: string) =>
  [...text].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
/** Each UTF-16 unit as `\uXXXX` (a surrogate pair as two), as Python's json.dumps writes. */
const jsonEscaped = (text: string) =>
  text
    .split('')
    .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
const urlEscaped = (text: string) => encodeURIComponent(text);
const htmlDecimal = (text: string) => [...text].map((c) => `&#${c.codePointAt(0)};`).join('');
const htmlHex = (text: string) =>
  [...text].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('');
const mathBold = (digits: string) =>
  [...digits].map((d) => String.fromCodePoint(0x1d7ce + Number(d))).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');

const ESCAPES = {
  'JSON \\u escapes': jsonEscaped,
  'URL escapes': urlEscaped,
  'HTML decimal entities': htmlDecimal,
  'HTML hex entities': htmlHex,
};

describe('redactSecrets: a card number in another script, escaped', () => {
  const echoes: [string, string][] = [
    ...Object.entries(ESCAPES).map(([name, escape]): [string, string] => [
      `full-width, ${name}`,
      escape(fullWidth(CARD)),
    ]),
    ['mathematical bold (surrogate pairs), JSON \\u escapes', jsonEscaped(mathBold(CARD))],
    ['mathematical bold, URL escapes', urlEscaped(mathBold(CARD))],
    [
      'Arabic-Indic, JSON \\u escapes',
      jsonEscaped(CARD.replace(/\d/g, (d) => String.fromCharCode(0x660 + +d))),
    ],
    ['full-width, base64', base64(fullWidth(CARD))],
    ['full-width inside base64 of JSON', base64(JSON.stringify({ number: fullWidth(CARD) }))],
  ];
  it.each(echoes)('%s', (_name, echo) => {
    const shown = redactSecrets(`declined card ${echo} today`, [CARD]);
    expect(shown).toContain('[REDACTED]');
    expect(shown).not.toContain(echo.slice(0, echo.length / 2));
    expect(shown).toMatch(/^declined card .*today$/);
  });

  it('half of it, JSON-escaped full-width, is cut too', () => {
    const half = jsonEscaped(fullWidth(CARD.slice(0, 10)));
    expect(redactSecrets(`card starts ${half}…`, [CARD])).toBe('card starts [REDACTED]…');
  });
});

describe('redactSecrets: a CVC escaped, marked, spaced or named in another language', () => {
  const echoes: [string, string, string][] = [
    [
      'full-width, JSON-escaped, as a JSON value',
      `{"cvc_code":"${jsonEscaped(fullWidth(CVC))}"}`,
      '{"cvc_code":"[REDACTED]"}',
    ],
    [
      'full-width, URL-escaped after a label',
      `cvc=${urlEscaped(fullWidth(CVC))}`,
      'cvc=[REDACTED]',
    ],
    [
      'full-width, HTML entities after a label',
      `CVC: ${htmlDecimal(fullWidth(CVC))}`,
      'CVC: [REDACTED]',
    ],
    ['combining marks on its digits', 'cvc: 9\u03018\u03017', 'cvc: [REDACTED]'],
    ['variation selectors on its digits', 'cvc: 9\ufe0f8\ufe0f7', 'cvc: [REDACTED]'],
    ['bidi isolates between its digits', 'cvc: 9\u20668\u20697', 'cvc: [REDACTED]'],
    ['spaced as read out', 'CVC: 9 8 7.', 'CVC: [REDACTED].'],
    ['full-width, spaced', 'CVC: ９ ８ ７', 'CVC: [REDACTED]'],
    ['a full-width Latin label', 'ＣＶＣ９８７', 'ＣＶＣ[REDACTED]'],
    ['double URL-encoded after its label', 'cvc%253D987', 'cvc%253D[REDACTED]'],
    ['double URL-encoded, quoted', 'x=%2522987%2522', 'x=%2522[REDACTED]%2522'],
    ['Hindi', 'सुरक्षा कोड987', 'सुरक्षा कोड[REDACTED]'],
    ['Hebrew', 'קוד אבטחה987', 'קוד אבטחה[REDACTED]'],
    ['Greek', 'κωδικός ασφαλείας987', 'κωδικός ασφαλείας[REDACTED]'],
    ['Thai', 'รหัสความปลอดภัย987', 'รหัสความปลอดภัย[REDACTED]'],
    ['Vietnamese', 'mã bảo mật987', 'mã bảo mật[REDACTED]'],
  ];
  it.each(echoes)('%s', (_name, echo, hidden) => {
    expect(redactSecrets(echo, [CVC])).toBe(hidden);
  });

  it('amounts, times and other numbers in those forms are kept', () => {
    const healthy = [
      `total ${jsonEscaped(fullWidth('987.00'))}`,
      `total ${urlEscaped(fullWidth('987.00'))}`,
      `total ${htmlDecimal(fullWidth('1,987'))}`,
      'naïve 9\u03018\u030176',
      'Preis: ９８７,５０ €',
      'κωδικός 9876',
      'mã đơn hàng 9870',
    ];
    for (const text of healthy) expect(redactSecrets(text, [CVC])).toBe(text);
  });
});

describe('redactSecrets: a token in full-width Latin', () => {
  it.each([
    ['as is', fullWidth(TOKEN)],
    ['JSON-escaped', jsonEscaped(fullWidth(TOKEN))],
  ])('%s', (_name, echo) => {
    expect(redactSecrets(`token ${echo} refused`, [TOKEN])).toBe('token [REDACTED] refused');
  });
});

describe('an error answer of several slices quoting the token escaped in full-width', () => {
  it('has it hidden in its body, message, printing and log, as in one go', async () => {
    // A text answer of about 200,000 characters: redacted in slices (src/large-text). A token
    // under 12 characters, whose pieces are not searched: the whole one only.
    const token = 'tok_Zq8x1';
    const echo = jsonEscaped(fullWidth(token));
    let text = '';
    for (let at = 0; text.length < 200_000; at++)
      text += `line ${at}: 日本語 ${at % 50 ? '' : echo}\n`;
    const logged: string[] = [];
    const keep = (line: string) => void logged.push(line);
    const client = createClient({
      baseUrl: 'http://simulator.test',
      token,
      maxRetries: 0,
      logLevel: 'debug',
      logger: { debug: keep, info: keep, warn: keep, error: keep },
      fetch: async () =>
        new Response(text, { status: 400, headers: { 'content-type': 'text/plain' } }),
    });
    const error = await client.seats.list(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    const body = (error as APIError).body as string;
    expect(body).toBe(redactSecrets(text, [token]));
    expect(body.split('[REDACTED]').length - 1).toBe(text.split(echo).length - 1);
    const shown = [body, (error as Error).message, JSON.stringify(error), ...logged].join('\n');
    expect(shown).not.toContain(echo.slice(0, 24));
  });
});

describe("a validation error's quote of a long answer (Node searches only its start)", () => {
  it('hides the token escaped in full-width, as redacting the whole text and cutting it does', async () => {
    const token = 'tok_Zq8x1';
    const echo = jsonEscaped(fullWidth(token));
    const text = `<p>maintenance, token ${echo} refused</p>\n${'<p>日本語 ok</p>\n'.repeat(2_000)}`;
    const quote = await validationQuoteOf(token, text);
    expect(quote).toBe(redactSecrets(text, [token]).slice(0, 500));
    expect(quote).toContain('token [REDACTED] refused');
  });
});

describe('redactSecretsAsync: a text of several slices', () => {
  it('hides the token escaped in full-width, as redactSecrets does', async () => {
    const token = 'tok_Zq8x1';
    const echo = jsonEscaped(fullWidth(token));
    let text = '';
    for (let at = 0; text.length < 200_000; at++) text += `${at} 日本語 ${at % 40 ? '' : echo}\n`;
    const hidden = await redactSecretsAsync(text, [token]);
    expect(hidden).toBe(redactSecrets(text, [token]));
    expect(hidden).not.toContain(echo.slice(0, 24));
  });
});
