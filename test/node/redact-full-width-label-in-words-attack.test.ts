import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

// A CVC written against a full-width label (`ｃｖｃ９８７`, as a CJK page's input method types it)
// is hidden in plain text, where the fold reads it as `cvc987`; but inside a base64 or hex word
// (UTF-8, or UTF-16 either byte order) the word's text was searched unfolded, and the word was
// printed as it was.

const CVC = '987';
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('a CVC against a full-width label inside an encoded word', () => {
  it.each(['ｃｖｃ９８７', 'ＣＶＣ９８７', 'ｃｖｖ987', 'ＣＶＶ２ ９８７'])(
    '%s is hidden',
    (text) => {
      const words = [
        Buffer.from(text).toString('base64'),
        Buffer.from(text).toString('hex'),
        Buffer.from(JSON.stringify({ note: text })).toString('base64url'),
        Buffer.from(text, 'utf16le').toString('base64'),
        utf16be(text).toString('base64'),
      ];
      expect(redactSecrets(`note: ${text} (typed)`, [CVC])).not.toMatch(/[9９] ?[8８][7７]/);
      for (const word of words)
        expect(redactSecrets(`note: ${word} (typed)`, [CVC]), word).toBe(
          'note: [REDACTED] (typed)',
        );
    },
  );

  it('leaves an encoded word of full-width text without the CVC', () => {
    const word = Buffer.from('ｃｖｃ１２３ ｏｒｄｅｒ ９８').toString('base64');
    expect(redactSecrets(`note: ${word}`, [CVC])).toBe(`note: ${word}`);
  });
});
