import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// Base64 as mail (MIME), PEM and the `base64` command write it is broken into lines of 76 (or 64)
// characters. A token in it, encoded once or twice (a Kubernetes Secret's `data` of a Basic
// header, `base64 | base64`), whose characters ran across a line break was printed whole: the
// base64 forms were looked for in unbroken runs only. Here every offset (seconds of CPU); one
// offset: redact-mime-base64-attack.test.ts.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const wrapped = (text: string, width: number, end: string) =>
  text.replace(new RegExp(`.{${width}}(?=.)`, 'g'), `$&${end}`);
const unwrapped = (text: string) => text.replace(/\r?\n|\\r|\\n/g, '');

/** Where the token's own characters are in base64 of a text with `before` characters before it. */
const inBase64 = (before: number) => Math.ceil((before * 4) / 3);

describe('a token in base64 broken into lines', () => {
  it('is hidden, once or twice encoded, raw or JSON-escaped, in one go and in slices', async () => {
    for (const before of [40, 41, 42, 50, 51, 52]) {
      const inner = `${'u'.repeat(before)}${token}`;
      const once = btoa(inner);
      const twice = btoa(once);
      const forms = [
        { encoded: once, at: inBase64(before) },
        { encoded: twice, at: inBase64(inBase64(before)) },
      ];
      for (const { encoded, at } of forms) {
        const middle = encoded.slice(at + 8, at + 40);
        for (const [width, end] of [
          [76, '\n'],
          [76, '\r\n'],
          [64, '\n'],
        ] as const) {
          for (const echoed of [
            `data:\n${wrapped(encoded, width, end)}\n(echoed)`,
            JSON.stringify({ data: wrapped(encoded, width, end) }),
          ]) {
            const hidden = redactSecrets(echoed, [token]);
            expect(unwrapped(hidden), `${before} ${width}`).not.toContain(middle);
            expect(hidden).toContain('[REDACTED]');
            if (end === '\r\n') continue; // the slices' search is as one go's: one line end is enough
            const large = `${'x '.repeat(32 * 1024 - before)}${echoed} tail`;
            expect(await redactSecretsAsync(large, [token])).toBe(redactSecrets(large, [token]));
          }
        }
      }
    }
  });
});
