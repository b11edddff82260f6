import {
  hasLongWord,
  LONG_BASE64_WORD,
  LONG_WORD,
  wrappedInside,
} from '../base64-forms/wrapped-inside.js';
import { OVERRIDE, OVERRIDE_ANYWHERE, searchRuns } from './run-search.js';

/**
 * A text as a secret's patterns can read it, for what the patterns cannot list (secret-scan.ts
 * searches it as well as the text): an escape of a non-ASCII character (`\uFF14`, `%EF%BC%94`,
 * `&#65300;`, `&#xff14;`) read as that character; a digit of any script as its ASCII digit; a
 * character whose compatibility form is one ASCII character (full-width `ＣＶＣ`, `ｓｋ＿…`) as
 * that; combining marks, variation selectors, zero-width and bidi controls dropped (`9\u03018`).
 * `at[i]` is where the folded text's code unit `i` came from, `at[length]` the text's end.
 */
export interface Folded {
  text: string;
  at: number[];
}

/**
 * What may fold: an escape of a character past ASCII, or such a character that folds: a digit,
 * a mark or format character, a full-width form, a superscript or subscript, an enclosed or a
 * mathematical letter or digit. Other scripts' letters (a CJK text) are passed over as they are.
 * And a line break (raw or JSON-escaped) after 60 base64 characters or more, or after a whole line
 * (indented or not) of 16 or more that is not hex (base64 has a letter past `f`, a `+`, `/` or `_`
 * in its last 16; a list of hashes or ids has not), before another: base64 broken into lines of 76
 * (MIME, the `base64` command), 64 (PEM) or fewer (`openssl base64 -w 40`), read whole; so is a
 * break with blanks after it (a YAML block's indented lines) or a lone `\r`. (Blanks alone are
 * not: they would join a long word to the words after it, and the slices' reach with them.) And a
 * right-to-left override's run (U+202E to its pop, an isolate's end, a paragraph's or the text's:
 * a field's value `\u202E789` ends there), read reversed as it is shown: `\u202E789\u202C` reads
 * 987. A run longer than 256 (one line of JSON, the override in a field that is not the last) is
 * read reversed for its first 256: all of it is shown reversed, and those are where it starts.
 * And a long base64 word whose text is base64 broken into lines (base64 of a PEM or MIME text:
 * base64-forms/wrapped-inside.ts), read as that inner base64 whole.
 */
const FOLDABLE =
  /\u202e[^\u202a-\u202e\u2066-\u2069\n\r\u0085\u2029]{1,256}[\u202c\u2069]?|(?:[\r\n]|\\[rn])(?<=(?:[\w+/-]{60}|(?:^|[\n\r"]|\\[nr])[\t ]*[\w+/-]*[g-z+/_][\w+/-]{0,15}(?<=[\w+/-]{16}))(?:[\r\n]|\\[rn]))(?:[\t\n\r ]|\\[rn])*(?=[\w+/-])|\\u(?:d[89ab][0-9a-f]{2}\\u)?[0-9a-f]{4}|%[c-f][0-9a-f](?:%[89ab][0-9a-f]){1,3}|&#(?:x0*[0-9a-f]{1,6}|0*\d{1,7});|(?![0-9])[\p{Nd}\p{Mn}\p{Me}\p{Cf}\uff01-\uff5e\u00b2\u00b3\u00b9\u2070-\u209f\u2460-\u24ff\u{1d400}-\u{1d7ff}]/giu;

/**
 * As {@link FOLDABLE}, and a base64 word long enough to hold lines of base64: searched for only in
 * a text that has one (wrapped-inside.ts), as a word's letters are where most texts' searches
 * would start.
 */
const FOLDABLE_WORDS = new RegExp(`${LONG_BASE64_WORD.source}|${FOLDABLE.source}`, FOLDABLE.flags);

/**
 * The last short text folded and its fold (read only: every caller maps `at` anew), forgotten once
 * the synchronous search that folded it returns: kept longer, it held a service's text (and, being
 * a slice of one, a large answer's whole text) alive after its caller was done (review14a).
 */
let lastText: string | undefined;
let lastFold: Folded | undefined;
const forget = () => (lastText = lastFold = undefined);
/** Longer texts are folded anew. */
const REMEMBERED_LENGTH = 1024;

/**
 * `text` folded, or undefined when nothing in it folds. A short text's fold is remembered until
 * the next: `scrubAll` folds a text once for its search and once more per long secret's pieces,
 * the same text each time (a keyed call's answer: keycost16).
 */
export function folded(text: string): Folded | undefined {
  if (text.length > REMEMBERED_LENGTH) return foldedAnew(text);
  if (text === lastText) return lastFold;
  lastFold = foldedAnew(text);
  if (lastText === undefined) queueMicrotask(forget);
  lastText = text;
  return lastFold;
}

function foldedAnew(text: string): Folded | undefined {
  let out = '';
  const at: number[] = [];
  let kept = 0;
  const foldable = hasLongWord(text) ? FOLDABLE_WORDS : FOLDABLE;
  foldable.lastIndex = 0;
  for (let match = foldable.exec(text); match; match = foldable.exec(text)) {
    const as = foldOf(match[0]);
    if (as === undefined) continue;
    for (let i = kept; i < match.index; i++) at.push(i);
    for (let i = 0; i < as.length; i++) at.push(match.index);
    out += text.slice(kept, match.index) + as;
    kept = match.index + match[0].length;
  }
  if (kept === 0) return undefined;
  for (let i = kept; i <= text.length; i++) at.push(i);
  return { text: out + text.slice(kept), at };
}

/** What one match folds to, or undefined when it stays (an escape of ASCII: the forms know it). */
function foldOf(match: string): string | undefined {
  if (match.length >= LONG_WORD && match[0] !== '\u202e') return wrappedInside(match);
  if (/^(?:[\t\n\r ]|\\[rn])+$/i.test(match)) return ''; // a base64 text's line break
  if (match[0] === '\u202e')
    return [...match.slice(1).replace(/[\u202c\u2069]$/, '')].reverse().join('');
  const escaped = match.length > 2;
  const char = escaped ? decoded(match) : match;
  if (char === undefined || (escaped && char.codePointAt(0)! < 0x80)) return undefined;
  const code = char.codePointAt(0)!;
  const digit = digitOf(code);
  if (digit !== undefined) return digit;
  if (/^[\p{Mn}\p{Me}\p{Cf}]$/u.test(char)) return '';
  const compatible = char.normalize('NFKC');
  if (compatible.length === 1 && compatible < '\u0080') return compatible;
  return escaped ? char : undefined;
}

/**
 * The one character an escape stands for, or undefined when it is not one. Told without an
 * exception: `%E2%80%` or `&#9999999;` repeated (not UTF-8, past Unicode) threw at each, and a
 * megabyte of them held the event loop 3 s per secret searched (redteam29).
 */
function decoded(escape: string): string | undefined {
  // `\uXXXX`, JSON's: the `i` flag also takes Python's `\U0000202E`, which is not JSON.
  if (escape[0] === '\\')
    return escape.includes('U') ? undefined : (JSON.parse(`"${escape}"`) as string);
  if (escape[0] === '%') {
    const bytes = Uint8Array.from(escape.slice(1).split('%'), (byte) => parseInt(byte, 16));
    const char = (utf8 ??= new TextDecoder()).decode(bytes); // not UTF-8: U+FFFD
    return char.includes('\ufffd') ? undefined : char;
  }
  const code = Number(`0${escape.slice(2, -1)}`); // `0x…` reads as hex
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** One decoder for every escape. */
let utf8: TextDecoder | undefined;

/**
 * The zeros of every other script's decimal digits (Unicode's `Nd`, each script's ten in a row) a
 * service may echo a number in: full-width (a CJK page's, `４２４２`), Arabic-Indic, Persian,
 * Devanagari, Bengali, Thai, Mongolian, mathematical bold (`𝟒𝟐`) ... Written as each zero's step
 * from the one before in base 36 (`19c` is 0x660, Arabic-Indic's): a third of the page's bytes
 * that the list of code points took.
 */
export const DIGIT_ZEROS = /* @__PURE__ */ fromSteps(
  '19c 40 5s bq 3k 3k 3k 3k 3k 3k 3k 3k 3k 2y 3k 28 80 28 1g0 1c 8m 3u 4w g 5c 2o 40 g r80 j4 1c ' +
    '5s w 2o bk gf4 13k 1ow g me 3u 1y 4a 80 9s 3k ao 34 g a 2e c0 34 io 2o 74 28 1s a8 d0g 1tc ' +
    '2o 40 f4 iv4 25a a a a a 1u2 c0 e8 75 nz 3og',
);

function fromSteps(steps: string): number[] {
  let zero = 0;
  return steps.split(' ').map((step) => (zero += parseInt(step, 36)));
}

/**
 * A search of `view` folded for the matches that start in [from, to) of it (`reach` before `from`
 * folded too, for what a match looks behind at), pushed into `ranges` where they are in `view`:
 * the search `scrubAll` makes of a whole text, for a part of one (slices, a quote's prefix).
 * `resume` is where the last part's search of that pattern stopped (a match across the cut ends
 * there): it goes on from it as one search does, neither finding a match inside that one nor
 * skipping one that starts after it. Returns where the next part's goes on. Undefined when
 * nothing folds.
 */
export function foldedSearch(view: string, from: number, to: number, reach: number) {
  const start = Math.max(0, from - reach);
  const fold = folded(view.slice(start));
  if (!fold) return undefined;
  const at = fold.at.map((where) => start + where);
  const index = (offset: number) => at.findIndex((where) => where >= offset);
  const last = index(to);
  return (pattern: RegExp, ranges: [number, number][], resume = from): number => {
    const next = searchRuns(
      pattern,
      fold.text,
      index(Math.max(from, resume)),
      last,
      (begin, end) => {
        // Inside a run folded as one (an override's, reversed): to the run's end.
        while (at[end] === at[begin] && end < fold.text.length) end++;
        ranges.push([at[begin]!, at[end]!]);
      },
    );
    return Math.max(next === -1 ? from : at[next]!, resume, to);
  };
}

/** The ASCII digit a decimal digit of another script is, or undefined. */
export function digitOf(code: number): string | undefined {
  if (code < 0x660) return undefined;
  for (const zero of DIGIT_ZEROS) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  return undefined;
}

/**
 * A secret's characters (each a pattern), `joiner` between them, reversed as a right-to-left
 * override's run holds them to be shown as the secret: inside a run however long (the fold reads
 * a run's first 256 only: a log line, a body of many lines, a span's attribute holds more after
 * the override than JSON's line does), and wherever in it. `[^…]*` looks back to the override.
 * An alternative (`|…`) to the secret's forms, or none for a text without an override (`runs`
 * false, see {@link hasOverride}): each such match looked back to its line's start, and a line of
 * JSON holding the reversed CVC's digits as numbers (`"qty":789` for `987`) took quadratic time
 * (40 KB: 4 s, a megabyte minutes).
 */
export function inOverrideRun(chars: readonly string[], joiner: string, runs: boolean): string {
  if (!runs) return '';
  return `|${[...chars].reverse().join(joiner)}(?<=${OVERRIDE}[^\\u202a-\\u202e\\u2066-\\u2069\\n\\r\\u0085\\u2029]*)`;
}

const ANY_OVERRIDE = /* @__PURE__ */ new RegExp(OVERRIDE, 'i');
export { OVERRIDE_ANYWHERE };

/**
 * Whether `text` has a right-to-left override, plain or escaped (secret-forms.ts, `formsOf`).
 * Looked for where a piece every form of it holds is (the forms' search cost a text of 1 KB a
 * tenth of its redaction; this a fiftieth).
 */
export function hasOverride(text: string): boolean {
  return OVERRIDE_PIECE.test(text) && ANY_OVERRIDE.test(text);
}

const OVERRIDE_PIECE = /\u202e|202e|8238|%80%|80\\|\\342/i;
