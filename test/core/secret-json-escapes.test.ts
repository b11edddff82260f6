// A secret echoed inside a JSON string: each `"`, `\`, `/` (as PHP writes it, `\/`), newline, tab,
// backspace or form feed in it is a two-character escape there, and the whole escaped run is cut.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

describe('redactSecrets: a secret as a JSON string echoes it', () => {
  const secrets: [string, string][] = [
    ['a quote', 'pa"ss'],
    ['a backslash', 'pa\\ss'],
    ['a slash', 'pa/ss'],
    ['a newline', 'pa\nss'],
    ['a tab', 'pa\tss'],
    ['a backspace', 'pa\bss'],
    ['a form feed', 'pa\fss'],
  ];
  it.each(secrets)('with %s in it', (_name, secret) => {
    const password = `Kq8${secret}Zr5w`;
    const json = JSON.stringify(password).slice(1, -1);
    const escaped = secret === 'pa/ss' ? json.replace('/', '\\/') : json;
    const text = `{"error":"wrong password ${escaped} given"}`;
    expect(redactSecrets(text, [password])).toBe('{"error":"wrong password [REDACTED] given"}');
  });
});
