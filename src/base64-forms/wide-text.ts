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
  return textOf(utf32 ? bytes.replace(UTF32_UNIT, '$1$2') : bytes);
}

const NOT_ASCII = /[^\0-\x7f]/;
/** A UTF-32 code unit of the BMP, big- or little-endian: its two bytes that count. */
const UTF32_UNIT = /\0\0([^]{2})|([^]{2})\0\0/g;
