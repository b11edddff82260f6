import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// A token's base64 broken into lines of 76 or 64 (the `base64` command's, PEM's) was hidden only
// when each line began its own line: the same base64 in a YAML block (a Kubernetes Secret's or a CI
// config's, its lines indented with spaces or tabs), or lines parted by a lone `\r` was printed as
// it was, the token in it.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const lines = (text: string, width: number) => text.match(new RegExp(`.{1,${width}}`, 'g'))!;
const unwrapped = (text: string) => text.replace(/\\[rn]|\s/g, '');

describe('a token in base64 broken into indented lines', () => {
  it('is hidden, in one go and in slices', async () => {
    for (const before of [40, 41, 42, 50]) {
      const encoded = btoa(`Basic ${'u'.repeat(before)}${token}`);
      const at = Math.ceil(((6 + before) * 4) / 3); // where the token's own characters begin
      const middle = encoded.slice(at + 8, at + 40);
      for (const width of [76, 64]) {
        const parts = lines(encoded, width);
        for (const echoed of [
          `data:\n  auth: |\n    ${parts.join('\n    ')}\n`, // a YAML literal block, indented
          `auth: >-\n\t${parts.join('\n\t')}\n`, // tab-indented
          `auth: ${parts.join('\r')}`, // a lone \r
          JSON.stringify({ yaml: `auth: |\n  ${parts.join('\n  ')}` }), // JSON-escaped
        ]) {
          expect(unwrapped(echoed)).toContain(middle);
          const hidden = redactSecrets(echoed, [token]);
          expect(hidden, `${before} ${width} ${JSON.stringify(echoed)}`).toContain('[REDACTED]');
          expect(unwrapped(hidden)).not.toContain(middle);
          const large = `${'x '.repeat(32 * 1024 - before)}${echoed} tail`;
          expect(await redactSecretsAsync(large, [token])).toBe(redactSecrets(large, [token]));
        }
      }
    }
  });

  it('leaves base64 words parted by blanks alone when they hold no secret', () => {
    const encoded = btoa('x'.repeat(200));
    const text = `key: |\n  ${lines(encoded, 76).join('\n  ')}\n${lines(encoded, 64).join(' ')}`;
    expect(redactSecrets(text, [token])).toBe(text);
  });
});
