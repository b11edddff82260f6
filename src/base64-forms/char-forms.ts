// One character of a secret in every encoding a service may echo it in (secret-forms.ts).
import { DIGIT_ZEROS } from '../folded-text/folded-text.js';
import { escaped, hex } from './escaped-bytes.js';

const NAMED_ENTITIES: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
};

/**
 * One character in every encoding: itself (a digit in any script), `%XX` (`%25XX` too) and `\xHH` (UTF-8),
 * `\uXXXX` (escaped again too: `\\uXXXX`), `&#NN;`, `&#xHH;`, `&name;`. Itself first: a text with
 * none of the escapes is searched for it alone (staged-pattern.ts).
 */
export function charForms(char: string): string[] {
  const code = char.codePointAt(0)!;
  const digit = code - 0x30;
  const forms = [digit >= 0 && digit <= 9 ? digitAnyScript(digit) : escapeRegExp(char)];
  const utf8 = [...new TextEncoder().encode(char)];
  // Percent-encoded once, twice or three times (a URL inside a URL's query: `%2540` is `@`), or
  // quoted-printable (`=73=6B`: a mail's body, a MIME part logged; redteam53). One alternative.
  forms.push(utf8.map((byte) => `(?:%(?:25){0,2}|=)${hex(byte, 2)}`).join(''));
  // Octal bytes; a code point as `\x73`, `\u0073`, in braces (Perl's, PHP's, Rust's `\x{73}`,
  // ES2015's `\u{73}`), CSS's `\73 `, Unicode's `U+0073`, a blank or comma between (`\x73 \x6b`):
  // each new one printed a token whole (redteam53). One alternative for them all: an alternative
  // more a character made the first searches of a text with escapes slower.
  forms.push(escaped(utf8, '\\\\\\\\?', 8));
  // The blank after one only before the next (CSS's `\73 `): a line's end after the last stays.
  const point = `0*${code.toString(16)}\\}?(?:[ ,\\t\\n\\r\\f]{1,2}(?=\\\\|U\\+))?`;
  forms.push(`(?:\\\\\\\\?[xu]?\\{?|U\\+)${point}`);
  // Past ASCII, its UTF-8 bytes as `\x` escapes; past the BMP, its UTF-16 units as `\u` ones.
  if (code > 0x7f) forms.push(utf8.map((byte) => `\\\\\\\\?x${hex(byte, 2)}[ ,]?`).join(''));
  if (char === ' ') forms.push('\\+');
  const units = [...Array(char.length).keys()].map((i) => char.charCodeAt(i));
  if (units.length > 1) forms.push(units.map((unit) => `\\\\\\\\?u${hex(unit, 4)}`).join(''));
  // JSON's two-character escape (`\n`, `\"`, `\\`), and `\/` that JSON may write for `/`.
  const json = char === '/' ? '\\/' : JSON.stringify(char).slice(1, -1);
  if (json.length === 2 && json[0] === '\\') forms.push(escapeRegExp(json));
  forms.push(`&#0{0,32}${code};`, `&#x0{0,32}${code.toString(16)};`);
  if (NAMED_ENTITIES[char]) forms.push(`&${NAMED_ENTITIES[char]};`);
  return forms;
}

/** A digit as any of those scripts writes it: one class, no more to search than the digit. */
function digitAnyScript(digit: number): string {
  return `[${digit}${DIGIT_ZEROS.map((zero) => String.fromCodePoint(zero + digit)).join('')}]`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
