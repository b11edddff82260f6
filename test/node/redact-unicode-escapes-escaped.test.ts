import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';
import { card, password, token } from './support/secret-dumps.js';

// newuser19: a secret as `\uXXXX` escapes was hidden, and so were `\xHH` and octal escapes
// JSON-escaped once more (`\\x73`, `\\163`: a body quoted in a JSON string, a log line of an
// error's JSON), but `\uXXXX` escapes escaped so (`\\u0073\\u006b…`) were printed whole.

const unicode = (text: string) =>
  [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const jsonEscaped = (text: string) => JSON.stringify(unicode(text)).slice(1, -1);

/** Whether `out` holds six of `secret`'s characters in a row as `\\uXXXX`. */
const holds = (out: string, secret: string) =>
  [secret.slice(0, 6), secret.slice(6, 12), secret.slice(-6)].some((piece) =>
    out.includes(jsonEscaped(piece)),
  );

describe('a secret as \\uXXXX escapes, JSON-escaped', () => {
  it.each([token, password, card])('%s is hidden', (secret) => {
    const out = redactSecrets(`sent: ${jsonEscaped(`Bearer ${secret}`)} (end)`, [secret]);
    expect(out).toContain('[REDACTED]');
    expect(out).toContain('(end)');
    expect(holds(out, secret)).toBe(false);
  });

  it('another secret’s escapes stay as they are', () => {
    const text = jsonEscaped('Bearer sk_live_other0000000000000');
    expect(redactSecrets(text, [token, password, card])).toBe(text);
  });
});
