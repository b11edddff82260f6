import { textOf } from './word-text.js';

/**
 * What a long base64 word's bytes (one per character) read as when they are text a secret's
 * base64 cores cannot show: UTF-32 (either byte order: Python's `encode('utf-32')`, a dump of a
 * `wchar_t` string on Linux), read as the UTF-16 it holds, or text past ASCII (digits of another
 * script, an Arabic locale's `٤٥٣٩…`, Devanagari's, whose bytes no core of the ASCII digits
 * holds): that text, as the secret's text forms read it (a digit of any script is the digit).
 * Undefined otherwise: most words (ids, keys, hashes, ASCII text) are told apart by a byte test.
 */
export function wideTextOf(bytes: string): string | undefined {
  const utf32 = bytes.includes('\0\0\0');
  if (!utf32 && !NOT_ASCII.test(bytes)) return undefined;
  const text = textOf(utf32 ? bytes.replace(UTF32_UNIT, '$1$2') : bytes);
  // A right-to-left override's run read as it is shown, reversed (as folded-text.ts reads one in a
  // text): the word's own text is not folded again, and a card so written in it was printed.
  return text?.includes('\u202e')
    ? text.replace(RUN, (_, run: string) => [...run].reverse().join(''))
    : text;
}

/** An override's run to its pop, an isolate's end or its line's end (folded-text.ts's FOLDABLE). */
export const RUN = /\u202e([^\u202a-\u202e\u2066-\u2069\n\r\u0085\u2029]{1,256})[\u202c\u2069]?/g;

const NOT_ASCII = /[^\0-\x7f]/;
/** A UTF-32 code unit of the BMP, big- or little-endian: its two bytes that count. */
const UTF32_UNIT = /\0\0([^]{2})|([^]{2})\0\0/g;
