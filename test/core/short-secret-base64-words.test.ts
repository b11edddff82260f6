// A short secret (a CVC) inside a base64 word is found by decoding the word (secret-forms.ts): the
// words of either alphabet, the URL-safe one's `-` and `_` as the standard one's `+` and `/`
// (keycost16's table decoder, since removed, let a CVC through with a wrong entry there).
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/node.js';

const CVC = '987';

describe('redactSecrets: a CVC in a base64 word of either alphabet', () => {
  // `cvc 987！x` and ` 987！` (the full-width mark read as `!`): the `7`'s last bits share a
  // character with the mark's first byte (`EF`), which is `-` or `+` as the alphabet says.
  it.each([
    ['`cvc 987！x`, URL-safe: `--` right after the 7', 'Y3ZjIDk4N--8gXg'],
    ['`cvc 987！x`, standard: `++` there, padded', 'Y3ZjIDk4N++8gXg='],
    ['` 987！`, URL-safe, unpadded', 'IDk4N--8gQ'],
    ['`?? 987 ??`, URL-safe, ending in `_`', 'Pz8gOTg3ID8_'],
    ['`?? 987 ??`, standard, ending in `/`', 'Pz8gOTg3ID8/'],
  ])('%s: the word goes', (_what, word) => {
    expect(redactSecrets(`token=${word}; path=/`, [CVC])).toBe('token=[REDACTED]; path=/');
  });

  it('a word of the same alphabet without the CVC stays', () => {
    // `?? 986 ??` and `cvc=986 ~?`: a decoder reading `-` or `_` wrongly would not make them 987,
    // but one reading them as nothing at all could shift the bytes; these must stay as they are.
    const words = ['Pz8gOTg2ID8_', 'Y3ZjPTk4NiB-Pw'];
    for (const word of words) expect(redactSecrets(`v=${word}`, [CVC])).toBe(`v=${word}`);
  });
});
