import { describe, expect, it } from 'vitest';
import { printedFailure } from '../support/printed-failure.js';
import { createClient } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';
import { card, hex, password, token } from './support/secret-dumps.js';

// redteam44: a secret's bytes as escapes and lists the earlier passes did not read. Octal escapes
// in a string (`\163\153…`: a C string's, a shell's `$'…'`, PostgreSQL's bytea, a server echoing
// a body so); hex bytes apart by a semicolon, a bar or a tab (a logger's, a spreadsheet's
// columns); a list of quoted hex (`"73","6b"`, Python's `['0x73', '0x6b']`). Each was printed.

const bytes = (text: string) => [...Buffer.from(text)];
const octal = (text: string) =>
  bytes(text)
    .map((byte) => `\\${byte.toString(8).padStart(3, '0')}`)
    .join('');

const forms: Record<string, (text: string) => string> = {
  'octal escapes': octal,
  'octal escapes, JSON-escaped': (text) => JSON.stringify(octal(text)).slice(1, -1),
  'hex apart by ;': (text) => bytes(text).map(hex).join(';'),
  'hex apart by |': (text) => bytes(text).map(hex).join('|'),
  'hex apart by a tab': (text) => bytes(text).map(hex).join('\t'),
  'quoted hex': (text) =>
    `[${bytes(text)
      .map((byte) => `"${hex(byte)}"`)
      .join(',')}]`,
  'quoted 0x, Python': (text) =>
    `[${bytes(text)
      .map((byte) => `'0x${hex(byte)}'`)
      .join(', ')}]`,
};

/** Whether `out` holds six of `secret`'s bytes in a row as `form` writes them. */
const holds = (out: string, secret: string, form: (text: string) => string) =>
  [secret.slice(0, 6), secret.slice(6, 12), secret.slice(-6)].some((piece) =>
    out.includes(form(piece).replace(/^\[|\]$/g, '')),
  );

describe('a secret as octal escapes or a list of hex', () => {
  const cases = Object.keys(forms).flatMap((form) =>
    [token, password, card].map((secret) => [form, secret] as const),
  );

  it.each(cases)('%s of %s is hidden', (form, secret) => {
    const text = `sent: ${forms[form]!(`Bearer ${secret}`)} (end)`;
    const out = redactSecrets(text, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('(end)');
    expect(holds(out, secret, forms[form]!)).toBe(false);
  });

  it('a service echoing the body octal-escaped: the error’s message, inspect and JSON', async () => {
    const client = createClient({
      baseUrl: 'https://api.example.com',
      token,
      maxRetries: 0,
      fetch: async (request) => {
        const echoed = octal(`${(request as Request).headers.get('authorization')}`);
        return new Response(JSON.stringify({ error: 'bad request', echoed }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const printed = await printedFailure(client.plans.get('p'));
    expect(printed).toContain('bad request');
    expect(holds(printed, token, octal)).toBe(false);
    expect(holds(printed, token, (text) => JSON.stringify(octal(text)).slice(1, -1))).toBe(false);
  });

  it('other bytes, lists and escapes stay as they are', () => {
    const other = 'sk_live_other0000000000000';
    const texts = [
      ...Object.values(forms).map((form) => form(`Bearer ${other}`)),
      'seats 34;35;33;39 | rows 31|34|38 | cols 38\t38\t30',
      '["34","35","33","39","31","34","38","39"] and \\064\\065\\063',
    ];
    for (const text of texts) expect(redactSecrets(text, [token, password, card])).toBe(text);
  });
});
