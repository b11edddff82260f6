import { textOf } from './word-text.js';

/**
 * What a long base64 word's bytes (one per character) read as when they are text a secret's
 * base64 cores cannot show: UTF-32 (either byte order: Python's `encode('utf-32')`, a dump of a
 * `wchar_t` string on Linux), or UTF-8 (or UTF-16) holding digits of another script (an Arabic
 * locale's `٤٥٣٩…`, Devanagari's), whose bytes no core of the ASCII digits holds: that text, as
 * the secret's text forms read it (a digit of any script is the digit). Undefined otherwise:
 * most words (ids, keys, hashes, ASCII text) are told apart by a byte test.
 */
export function wideTextOf(bytes: string): string | undefined {
  if (bytes.includes('\0\0\0')) return utf32Text(bytes);
  if (!NOT_ASCII.test(bytes)) return undefined;
  const text = textOf(bytes);
  return text !== undefined && OTHER_DIGIT.test(text) ? text : undefined;
}

const NOT_ASCII = /[^\0-\x7f]/;
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;

/** Bytes read as UTF-32, little- and big-endian, each reading a line; undefined if neither is. */
function utf32Text(bytes: string): string | undefined {
  if (bytes.length % 4 !== 0) return undefined;
  const texts: string[] = [];
  for (const big of [false, true]) {
    let text = '';
    for (let at = 0; at < bytes.length; at += 4) {
      let code = 0;
      for (let n = 0; n < 4; n++) code = code * 256 + bytes.charCodeAt(at + (big ? n : 3 - n));
      if (code > 0x10ffff || (code >= 0xd800 && code < 0xe000)) break;
      text += String.fromCodePoint(code);
    }
    if (text.length > 0) texts.push(text);
  }
  return texts.length ? texts.join('\n') : undefined;
}
