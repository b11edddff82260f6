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
  // Percent-encoded once, twice or three times (a URL inside a URL's query: `%2540` is `@`).
  forms.push(utf8.map((byte) => `%(?:25){0,2}${hex(byte, 2)}`).join(''));
  // `\x73` (one blank or comma after each too: `\x73 \x6b`, a dump of a string's escapes), octal.
  forms.push(utf8.map((byte) => `\\\\\\\\?x${hex(byte, 2)}[ ,]?`).join(''));
  forms.push(escaped(utf8, '\\\\\\\\?', 8));
  // Quoted-printable (`=73=6B`: a mail's body, a MIME part logged), a code point in braces
  // (Perl's, PHP's, Rust's `\x{73}`, ES2015's `\u{73}`), CSS's `\73 ` and Unicode's `U+0073`: each
  // printed a token whole (redteam53).
  forms.push(utf8.map((byte) => `=${hex(byte, 2)}`).join(''));
  const point = code.toString(16);
  forms.push(`\\\\[xu]\\{0{0,6}${point}\\}`, `\\\\0{0,5}${point}(?:\\r\\n|[ \\t\\n\\r\\f])?`);
  forms.push(`U\\+0{0,4}${point}(?:,? ?)`);
  if (char === ' ') forms.push('\\+');
  const units = [...Array(char.length).keys()].map((i) => char.charCodeAt(i));
  forms.push(units.map((unit) => `\\\\\\\\?u${hex(unit, 4)}`).join(''));
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
