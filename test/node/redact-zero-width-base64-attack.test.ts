import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// A page that echoes a long word breaks it for wrapping with invisible marks (a zero-width space,
// a soft hyphen, `&shy;`, `<wbr>` turned text). The token so broken was hidden, and its base64
// (a Basic credential, a debug dump of the header) so broken was printed: the folded search,
// which drops those marks, looked for the token's text forms only, not for its base64.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';
const basic = btoa(`user:${token}`);
const broken = (text: string, mark: string) => [...text].join(mark);

describe('a token in base64, broken by invisible marks', () => {
  it('is hidden, whatever the mark, in one go and in slices', async () => {
    for (const mark of ['\u200b', '\u00ad', '\u2060', '\ufeff']) {
      const echoed = `Authorization: Basic ${broken(basic, mark)} (echoed)`;
      const hidden = redactSecrets(echoed, [token]);
      expect(hidden.replaceAll(mark, '')).not.toContain(basic.slice(8, 40));
      expect(hidden).toMatch(/^Authorization: Basic .*\[REDACTED\].* \(echoed\)$/);

      const large = `${'x'.repeat(64 * 1024 - 20)} ${echoed} ${'x'.repeat(100)}`;
      expect(await redactSecretsAsync(large, [token])).toBe(redactSecrets(large, [token]));
      expect(redactSecrets(large, [token]).replaceAll(mark, '')).not.toContain(basic.slice(8, 40));
    }
  });
});
