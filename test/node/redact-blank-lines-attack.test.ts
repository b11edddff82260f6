import { describe, expect, it } from 'vitest';
import { redactSecrets, redactSecretsAsync } from '../../src/node.js';

// The join of base64 lines parted by a break with blanks after it looked back across the whole run
// of breaks and blanks from each place the run could end, from each break in it: a text with
// a few thousand blank lines (a log's gap, a padded page) or a break followed by thousands of
// spaces took minutes to redact (cubic in the run's length), holding the event loop the while.

const token = 'sk_live_324c9e4eabd5832b0267441b28790ef9';

describe('redaction of a text with a long run of blank lines or blanks', () => {
  it('ends, and still hides a token in indented base64 lines after such a run', async () => {
    const encoded = btoa(`Basic ${'u'.repeat(40)}${token}`);
    const block = `auth: |\n    ${encoded.match(/.{1,64}/g)!.join('\n    ')}\n`;
    for (const gap of ['\n'.repeat(3000), `\n${' '.repeat(20_000)}`, '\r\n\t'.repeat(2000)]) {
      const plain = `begin${gap}end ${'x'.repeat(70)}${gap}.`;
      expect(redactSecrets(plain, [token])).toBe(plain);
      expect(await redactSecretsAsync(plain, [token])).toBe(plain);
      const hidden = redactSecrets(`${plain}${block}${gap}`, [token]);
      expect(hidden).toContain('[REDACTED]');
      expect(hidden.replace(/\s/g, '')).not.toContain(encoded.slice(70, 100));
    }
  });
});
