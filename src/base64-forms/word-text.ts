// What a base64 or hex word a short secret may hide in (secret-forms.ts) reads as.
import { remembered } from './last-read.js';

/** One decoder for every word: making one per word cost more than the decoding (issue 37). */
let utf8: TextDecoder | undefined;

/**
 * Bytes (one per character) as text, or undefined when they are not: UTF-8, or UTF-16LE of
 * Latin-1 text (every second byte zero: PowerShell's `-EncodedCommand`, .NET's
 * `Encoding.Unicode`), where a CVC stands apart only by its zeros (`9\u00008\u00007\u0000`),
 * or else UTF-16 of any text.
 */
export function textOf(binary: string): string | undefined {
  const text = readText(binary);
  // Full-width ASCII as ASCII: a label so written against the digits (`ｃｖｃ９８７`, a CJK page's)
  // is read in a plain text by the fold, which a word's text does not go through (review11b).
  return text !== undefined && WIDE_ASCII.test(text) ? text.replace(WIDE_ASCII_ALL, narrow) : text;
}

const WIDE_ASCII = /[\uff01-\uff5e]/;
const WIDE_ASCII_ALL = /[\uff01-\uff5e]/g;
const narrow = (wide: string) => String.fromCharCode(wide.charCodeAt(0) - 0xfee0);

/** {@link textOf}, full-width characters as they are; read once for every secret's search. */
const readText = remembered((binary: string): string | undefined => {
  const latin1 = latin1OfUtf16(binary);
  if (latin1 !== undefined) return latin1;
  // Most words are plain words, which decode to bytes that are not UTF-8: told apart without the
  // decoder's exception, which cost a keyed call more than all else (issue 37).
  if (!ASCII.test(binary) && !mayBeUtf8(binary)) return utf16Text(binary);
  try {
    const bytes = new Uint8Array(binary.length); // a loop: `Uint8Array.from`'s callback per byte was most of a dump's reading
    for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
    const text = (utf8 ??= new TextDecoder('utf-8', { fatal: true })).decode(bytes);
    return text.includes('\0') ? (utf16Text(binary) ?? text) : text; // UTF-16BE of `987`
  } catch {
    return utf16Text(binary);
  }
});

/**
 * Bytes that are not UTF-8 read as UTF-16, little-endian (Windows') and big-endian (Java's, after
 * a byte order mark `FE FF`), each reading that is text (no code unit that is a control,
 * unassigned, private or a lone surrogate) a line of the result; undefined when neither is:
 * PowerShell's text with a character past Latin-1 (a Japanese name, an en dash, `９８７`) had its
 * CVC printed.
 */
export function utf16Text(bytes: string, any = false): string | undefined {
  // Text of a CVC holds its digits' or a space's zero byte, or a full-width digit's `FF` beside
  // `10`-`19`: most words (`charset`, `application/json`, whose `FF` is beside `8E`) are told
  // apart without reading them (a header's redaction took 1.5x as long: review11b). `any`: read
  // whatever they hold (a card's word, decoded-words.ts: Arabic-Indic `٤` is `64 06`).
  if (bytes.length % 2 !== 0) return undefined;
  if (!(any || bytes.includes('\0') || WIDE_DIGIT.test(bytes))) return undefined;
  const texts: string[] = [];
  for (const low of [0, 1]) {
    let text = '';
    for (let at = 0; at < bytes.length; at += 2)
      text += String.fromCharCode(
        bytes.charCodeAt(at + low) | (bytes.charCodeAt(at + 1 - low) << 8),
      );
    if (!NOT_TEXT.test(text)) texts.push(text);
  }
  return texts.length ? texts.join('\n') : undefined;
}

/** A full-width digit's bytes (`FF10`-`FF19`), in either byte order. */
const WIDE_DIGIT = /\xff[\x10-\x19]|[\x10-\x19]\xff/; // eslint-disable-line no-control-regex -- bytes

/** A code unit no text holds: a control (but a tab or a line break), unassigned, private. */
const NOT_TEXT = /[^\P{C}\t\n\r\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

const ASCII = /^[\u0000-\u007f]*$/u; // eslint-disable-line no-control-regex -- bytes below 0x80

/**
 * Whether bytes (one per character) are shaped as UTF-8: each lead byte followed by as many
 * continuation bytes as it announces. A superset of UTF-8 (overlong forms pass): the decoder
 * still has the last word.
 */
function mayBeUtf8(bytes: string): boolean {
  for (let at = 0; at < bytes.length;) {
    const lead = bytes.charCodeAt(at++);
    const more =
      lead < 0x80 ? 0 : lead < 0xc2 ? -1 : lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : lead < 0xf5 ? 3 : -1;
    if (more < 0) return false;
    for (let n = 0; n < more; n++) {
      if (at >= bytes.length || (bytes.charCodeAt(at++) & 0xc0) !== 0x80) return false;
    }
  }
  return true;
}

/** UTF-16LE bytes of Latin-1 text read, or undefined (told at the second byte for most words). */
function latin1OfUtf16(bytes: string): string | undefined {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return undefined;
  let text = '';
  for (let at = 0; at < bytes.length; at += 2) {
    if (bytes.charCodeAt(at + 1) !== 0) return undefined;
    text += bytes[at];
  }
  return text;
}

/** A base64 word's bytes (one per character), either alphabet, or undefined when it is not base64. */
export function bytesOfBase64(word: string): string | undefined {
  const standard = word.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard.length % 4 === 1) return undefined;
  try {
    return atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  } catch {
    return undefined;
  }
}
