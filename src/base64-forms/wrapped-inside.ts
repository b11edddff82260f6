import { wideTextOf } from './wide-text.js';
import { bytesOfBase64 } from './word-text.js';

/**
 * The base64 a long base64 word holds broken into lines, read whole, or undefined when it holds
 * none: base64 of a PEM file, of a MIME part, of `base64`'s output (lines of 76 or 64, `\n` or
 * `\r\n`), a config store's value echoed. The inner lines cut a secret's base64 anywhere, so no
 * core of the outer text holds it; read so, the inner base64's cores are found (folded-text.ts).
 * The rest of the inner text is kept as its bytes are (one character each).
 */
export function wrappedInside(word: string): string | undefined {
  const inner = bytesOfBase64(word);
  if (inner === undefined) return undefined;
  const whole = BLANK.test(inner) ? inner.replace(INNER_BREAK, '') : inner;
  return whole === inner ? wideTextOf(inner) : whole; // or UTF-32, other scripts' digits
}

/**
 * A line break after 16 base64 characters or more, before another, or any run of blanks there: a
 * YAML folded value (`>`) joins its lines with a space, a tab or a lone `\r` parts them in some
 * stores, and a base64 decoder skips them all. Lines of 32, 40 or 48 too (`openssl base64 -w 40`,
 * a 60-character rule printed the token's base64 cut at them).
 */
const INNER_BREAK = /(?<=[\w+/-]{16})[\t\n\r ]+(?=[\w+/-])/g;
const BLANK = /[\t\n\r ]/;

/**
 * The shortest word read for inner lines: 33 bytes, a line of 32 (`base64 -w 32`), its break and
 * one more. Lines of 16 to 31 are read in longer words (a 40-character token's base64 is 56); a
 * shorter word (a card's base64 alone, cut at 16) is not, nor are ids, UUIDs and SHA-1 hashes (32
 * to 40: read, a log of them took 1.5x as long, review12b). 84 (a line of 60) left a token's
 * base64 alone cut at 32 to 48 a line (a word of 76 to 80) printed.
 */
export const LONG_WORD = 44;
/** Such a word, whole (folded-text.ts searches for it in a text that {@link hasLongWord}). */
export const LONG_BASE64_WORD = /(?<![\w+/-])[\w+/-]{44,}={0,2}/;

/** Base64's characters of either alphabet, by character code. */
const IN_WORD = new Uint8Array(128);
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_')
  IN_WORD[char.charCodeAt(0)] = 1;

/**
 * Whether `text` has a word of base64 characters {@link LONG_WORD} long. Such a word holds one of
 * every {@link LONG_WORD} positions: only those are looked at, and the word around one that is in
 * a word measured (a regular expression tried at each of a word's letters, or a look at every
 * character, cost most texts a fifth of their whole search for secrets).
 */
export function hasLongWord(text: string): boolean {
  const inWord = (at: number) => {
    const code = text.charCodeAt(at);
    return code < 128 && IN_WORD[code] === 1;
  };
  for (let probe = LONG_WORD - 1; probe < text.length;) {
    if (!inWord(probe)) {
      probe += LONG_WORD;
      continue;
    }
    let start = probe;
    while (start > 0 && inWord(start - 1)) start--;
    let end = probe + 1;
    while (end < text.length && inWord(end)) end++;
    if (end - start >= LONG_WORD) return true;
    probe = end + LONG_WORD;
  }
  return false;
}
