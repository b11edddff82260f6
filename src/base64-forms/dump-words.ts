// A long secret's bytes or characters as od, Python and a short-wrapped base64 print them, each
// read back to text (decoded-words.ts searches that text with the secret's forms).
import type { WordSearch } from './word-search.js';
import { bytesOfBase64, textOf } from './word-text.js';

/** Bytes (one per character) as text, and one character each: a token's ASCII shows either way. */
const asText = (binary: string) => {
  const text = textOf(binary);
  return text === undefined || text === binary ? binary : `${text}\n${binary}`;
};

/**
 * Numbers apart by blanks, lines of them an offset first or none: od's dumps. `od -tu1` (decimal
 * bytes, as before), `od -b` and `od -to1` (octal bytes: `163 153 137`), `od -d` and `od -tu2`
 * (little-endian 16-bit words in decimal: `27507 27743`), od's default (`066163`, octal words): a
 * token's in any but the first was printed (redteam47). Eight numbers or more.
 */
export const NUMBER_DUMP_WORD: WordSearch = [
  /(?<![\w.])\d{1,6}(?:(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:[0-9a-f]{6,8}[ \t]+)?)\d{1,6}){7,}(?![\w.])/g,
  (word) => {
    const numbers: string[] = [];
    const lines = word.split(/\r?\n/).map((line) => line.trim().split(/[ \t]+/));
    // `od -A x -o`'s offsets are six digits as its words are: told by counting 16 bytes a line
    // (its last line, the end's offset alone, dropped).
    const last = lines.at(-1)!;
    const end = last.length === 1 && last[0]!.length === 6 ? parseInt(last[0]!, 16) : NaN;
    const rows = end > (lines.length - 2) * 16 ? lines.slice(0, -1) : lines;
    const hexOffsets =
      rows.length > 1 && rows.every((items, at) => parseInt(items[0]!, 16) === at * 16);
    if (hexOffsets && rows !== lines) lines.pop();
    for (const items of lines) {
      // An offset: seven digits or more, or six before shorter numbers (`od -Ax`'s `000010`).
      const first = items[0]!;
      if (
        first.length >= 7 ||
        (first.length === 6 && (hexOffsets || items.every((item, at) => !at || item.length < 6)))
      )
        items.shift();
      numbers.push(...items);
    }
    const readings = [bytesOf(numbers, 10, 1), bytesOf(numbers, 8, 1, /^[0-3][0-7]{2}$/)];
    for (const bigEndian of [false, true]) {
      readings.push(bytesOf(numbers, 10, 2, /^\d{1,5}$/, bigEndian));
      readings.push(bytesOf(numbers, 8, 2, /^[01][0-7]{5}$/, bigEndian));
    }
    const read = readings.filter((binary) => binary !== undefined).map(asText);
    return read.length ? read.join('\n') : undefined;
  },
];

/** `numbers` as bytes of `size` each in `radix` (`shape` each, if given), or undefined. */
function bytesOf(
  numbers: readonly string[],
  radix: number,
  size: 1 | 2,
  shape?: RegExp,
  bigEndian = false,
): string | undefined {
  let binary = '';
  for (const [at, item] of numbers.entries()) {
    const value = parseInt(item, radix);
    if ((shape && !shape.test(item)) || !(value < 256 ** size)) return undefined;
    // A text's 16-bit words have a high byte (but an odd last one): a table's small numbers are
    // none, and not read so.
    if (size === 2 && value < 256 && at < numbers.length - 1) return undefined;
    const [high, low] = [value >> 8, value & 255];
    binary += String.fromCharCode(
      ...(size === 1 ? [value] : bigEndian ? [high, low] : [low, high]),
    );
  }
  return binary;
}

/** Characters quoted one by one and listed: Python's `list(token)`, JSON's `["s","k"]`. */
const QUOTED_CHARACTERS =
  /(['"])(?:\\.|(?!\1)[^\\\r\n])\1(?:,\s*(['"])(?:\\.|(?!\2)[^\\\r\n])\2){7,}/g;
const QUOTED_CHARACTER = /(['"])(\\.|(?!\1)[^\\])\1/g;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', 0: '\0' };

/**
 * A token's characters listed (Python's `['s', 'k', '_', …]`, printed by `print(list(token))`;
 * JSON's; Java's `Arrays.toString(chars)`, `[s, k, _, …]`), as the text they spell: each was
 * printed (redteam47), and a card's in lines (pprint's), its joiners' four marks apart exceeded.
 */
export const CHARACTER_LIST_WORDS: readonly WordSearch[] = [
  [
    QUOTED_CHARACTERS,
    (word) =>
      [...word.matchAll(QUOTED_CHARACTER)]
        .map(([, , char]) => (char!.length === 2 ? (ESCAPES[char![1]!] ?? char![1]) : char))
        .join(''),
  ],
  // Every third character: an item's own, then `, ` (an item may be a comma: `a, ,, b`).
  [/(?<=\[)(?:[^\r\n], ){7,}[^\r\n](?=\])/g, (word) => word.replace(/(.)(?:, )?/g, '$1')],
];

/**
 * `od -c`'s cells, four columns each (`   s`, `  \n`, octal ` 303`, a blank's `    `), lines of
 * them an offset first or none: a token so dumped was printed, its text across the lines. Its
 * lines joined by JSON's `\n` or as the command prints a message's line break (`\u{a}`) too: the
 * run's own card so dumped had its digits hidden a cell at a time, and its next line's printed
 * (redteam58). A cell starts with a blank, a line's end never does: read one after the other.
 */
const OD_CELL = String.raw`(?: {3}[^\s]| {2}\\[0abfnrtv\\]| [0-7]{3}| {4})`;
const OD_NEXT_LINE = String.raw`(?:\r|\\r|\\u\{d\})?(?:\n|\\n|\\u\{a\})(?:[0-9a-f]{6,8})?(?=${OD_CELL})`;
const OD_PARTS = new RegExp(String.raw`${OD_NEXT_LINE}|(.{4})`, 'gy');
export const OD_CHARACTERS_WORD: WordSearch = [
  new RegExp(String.raw`${OD_CELL}(?:${OD_CELL}|${OD_NEXT_LINE}){7,}`, 'g'),
  (word) => {
    let binary = '';
    for (const [, cell] of word.matchAll(OD_PARTS)) {
      const shown = cell?.trimStart();
      if (shown === undefined) continue;
      binary +=
        shown === ''
          ? ' '
          : shown.length === 3
            ? String.fromCharCode(parseInt(shown, 8))
            : shown.length === 2
              ? (ESCAPES[shown[1]!] ?? (shown[1] === '\\' ? '\\' : ' '))
              : shown;
    }
    return asText(binary);
  },
];

/**
 * Base64 broken into short lines (`base64 -w 8`, a terminal's or a form's narrow column), each
 * line nothing but base64: the fold joins lines of 16 or more only (folded-text.ts), and a token
 * or card in lines of 8 was printed (redteam47). Read as the bytes the lines are together.
 */
export const SHORT_LINES_BASE64_WORD: WordSearch = [
  /(?<![^\s"'])(?:[\w+/-]{4,19}(?:\r?\n|\\r\\n|\\n)[ \t]*){2,}[\w+/-]{1,19}={0,2}(?![\w+/=-])/g,
  (word) => {
    const binary = bytesOfBase64(word.replace(/\\[rn]|\s/g, ''));
    return binary === undefined ? undefined : asText(binary);
  },
];
