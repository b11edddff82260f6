// A card number the run does not know (typed into a CSV's note, pasted into a batch's field) is
// printed as is when an answer or an error echoes it: the SDK's redaction hides the secrets it is
// given, and the `seatpay` command was given only its own card. So the command hides every run of
// the form of a card number it prints (src/card-numbers/card-numbers.ts says what that form is).
// The form is also searched for escaped (an error body quoting a query: `4111%201111…`,
// `\u0034111…`, `&#32;`, an invisible mark inside it) and inside base64 or hex words (a debug
// dump), the word hidden whole. Node only (Buffer, setImmediate); exported by `seatpay/node` for
// the command alone (@internal), which imports only the package's entries.
import { OD_CHARACTERS_WORD } from '../base64-forms/dump-words.js';
import { jsonDumps } from '../base64-forms/json-dumps.js';
import { cardsIn, NONE } from '../card-numbers/card-numbers.js';

const REDACTED = '[REDACTED]';

/**
 * `text` with every card-number-shaped, Luhn-valid run of digits (any script's) hidden, but those
 * in `kept` (the run's own keys and arguments, `cardShapesIn`: a user needs them printed).
 * @internal
 */
export function hideCardShapes(text: string, kept: ReadonlySet<string> = NONE): string {
  const ranges: [number, number][] = [];
  // Searched as read, escapes decoded (`%20`, `\u0034`, `&#32;`, a `+` between digits) and
  // invisible marks dropped: a service echoes a query or a JSON body as it got it.
  // A text with a soft line break is read with the lines joined and as they stand: a card that
  // ends at one (`4111…1111=\r\n23 seats`) is hidden as it was.
  const views = [unescaped(text, true)];
  if (views[0]!.broken) views.push(unescaped(text, false));
  for (const { view, at, marks } of views)
    for (const [start, end] of cardsIn(view, kept, marks)) ranges.push([at[start]!, at[end]!]);
  // A base64 or hex word (a debug dump) whose text holds one goes whole.
  for (const word of text.matchAll(ENCODED_WORD)) {
    const decoded = decodedWord(word[0]);
    // Base64 of base64 too (a config store's value, echoed): the inner word decoded once more.
    const inner = decoded && ENCODED_WHOLE.test(decoded) ? decodedWord(decoded) : undefined;
    if ([decoded, inner].some((text) => text && cardsIn(text, kept).length > 0))
      ranges.push([word.index, word.index + word[0].length]);
  }
  // So does an `od -c` dump whose characters hold one, plain or inside a JSON string, its lines
  // apart as the command prints a message's line breaks too (`\u{a}`).
  for (const { view, at } of [{ view: text, at: undefined }, ...lineEndsRead(text)])
    for (const [dump, read] of OD_DUMPS)
      for (const word of view.matchAll(dump)) {
        const shown = read(word[0]);
        const end = word.index + word[0].length;
        if (shown && cardsIn(shown, kept).length > 0)
          ranges.push(at ? [at[word.index]!, at[end]!] : [word.index, end]);
      }
  return cutOut(text, ranges);
}

/**
 * `text` with the command's escapes of a line end (`\u{d}`, `\u{a}`: src/command/printable.ts)
 * read as those, and where each of its code units came from; none when it has none.
 */
function lineEndsRead(text: string): { view: string; at: number[] }[] {
  if (!/\\u\{[ad]\}/i.test(text) || !OD_CELLS.test(text)) return [];
  let view = '';
  const at: number[] = [];
  let kept = 0;
  for (const end of text.matchAll(/\\u\{([ad])\}/gi)) {
    for (let i = kept; i <= end.index; i++) at.push(i);
    view += text.slice(kept, end.index) + (end[1]!.toLowerCase() === 'a' ? '\n' : '\r');
    kept = end.index + end[0].length;
  }
  for (let i = kept; i <= text.length; i++) at.push(i);
  return [{ view: view + text.slice(kept), at }];
}

/**
 * `od -c`'s dumps (a cell a character: `   4   1   1   1`), plain, in one JSON string (`\n`
 * between its lines) or as JSON lines: a card in one was printed, its digits cells apart.
 */
const OD_DUMPS = [OD_CHARACTERS_WORD, ...jsonDumps([OD_CHARACTERS_WORD])];
/** Four of its cells in a row, which a text without a dump seldom has (`  1   2`: a table's). */
const OD_CELLS = /(?: {3}\S| {2}\\[0abfnrtv\\]| [0-7]{3}){4}/;

/**
 * A quoted-printable soft line break (`=` at a line's end, CRLF or LF, raw or escaped as JSON's
 * `\r\n` or the command's own `\u{d}\u{a}`) between a card's digits or groups: an e-mail's body
 * wraps its lines at 76 so, and `4111111111=\r\n111111` printed the digits after the break (the
 * search took the break for the card's end). An escape
 * (URL, JSON, `\x`, HTML's numeric), a form's `+` between digits, or an invisible mark
 * (zero-width, joiner, soft hyphen, byte order mark, bidi control).
 */
const ESCAPED =
  /=(?<=\p{Nd}[\p{Zs}.\p{Pd}]{0,3}=)(?:\r|\\r|\\u\{d\}|\\u000d)?(?:\n|\\n|\\u\{a\}|\\u000a)(?=[\p{Zs}.\p{Pd}]{0,3}\p{Nd})|%[c-f][0-9a-f](?:%[89ab][0-9a-f]){1,3}|%[0-9a-f]{2}|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|&#x[0-9a-f]{1,6};|&#\d{1,7};|&nbsp;|(?<=\p{Nd})\+(?=\p{Nd})|[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/giu;
/** An invisible mark, however escaped: dropped as the mark itself is (`4111%E2%80%8B1111`). */
const INVISIBLE = /^[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]$/u;

/**
 * `text` with its escapes decoded, its soft line breaks dropped if `join`; `at[i]` is where the
 * view's code unit `i` came from, `marks` where the view dropped an invisible mark, `broken`
 * whether it has a soft line break.
 */
function unescaped(text: string, join: boolean) {
  let view = '';
  const at: number[] = [];
  const marks = new Set<number>();
  let kept = 0;
  let broken = false;
  for (const match of text.matchAll(ESCAPED)) {
    const soft = match[0][0] === '=';
    broken ||= soft;
    const as = soft ? (join ? '' : match[0]) : decodedEscape(match[0]);
    for (let i = kept; i < match.index; i++) at.push(i);
    // A soft line break joins the two lines' words: an id goes on after it, a mark ends one.
    if (as === '' && !soft) marks.add(at.length);
    for (let i = 0; i < as.length; i++) at.push(match.index);
    view += text.slice(kept, match.index) + as;
    kept = match.index + match[0].length;
  }
  for (let i = kept; i <= text.length; i++) at.push(i);
  return { view: view + text.slice(kept), at, marks, broken };
}

function decodedEscape(escape: string): string {
  if (escape === '+') return ' ';
  if (escape.length === 1) return '';
  if (escape.toLowerCase() === '&nbsp;') return '\u00a0';
  // A character's UTF-8 bytes URL-encoded (`%C2%A0`, `%EF%BC%94`) decode to it, not to each byte.
  if (escape.length > 3 && escape[0] === '%') return decodedUtf8(escape);
  const hex = escape[0] === '&' ? escape.slice(2, -1) : escape.slice(2);
  const code =
    escape[0] === '%'
      ? parseInt(escape.slice(1), 16)
      : /^x/i.test(hex)
        ? parseInt(hex.slice(1), 16)
        : escape[0] === '&'
          ? Number(hex)
          : parseInt(hex, 16);
  if (code > 0x10ffff) return escape;
  const char = String.fromCodePoint(code);
  return INVISIBLE.test(char) ? '' : char;
}

function decodedUtf8(escape: string): string {
  try {
    const char = decodeURIComponent(escape);
    return INVISIBLE.test(char) ? '' : char;
  } catch {
    return escape; // not UTF-8: left as it is
  }
}

/** A word of base64 (either alphabet) or hex long enough to hold a card number of 13 digits. */
const ENCODED_WORD = /(?<![\w+/-])[A-Za-z0-9+/_-]{18,}={0,2}(?![\w+/=-])/g;
const ENCODED_WHOLE = /^[A-Za-z0-9+/_-]{18,}={0,2}$/;

/** The text a base64 or hex word decodes to, or undefined when it is not printable text. */
function decodedWord(word: string): string | undefined {
  const bytes = /^(?:[0-9a-f]{2})+$/i.test(word)
    ? Buffer.from(word, 'hex')
    : Buffer.from(word, 'base64');
  const utf8 = bytes.toString('utf8');
  if (printable(utf8)) return utf8;
  // UTF-16LE (PowerShell's -EncodedCommand, .NET's Encoding.Unicode), a name or a dash of it past
  // Latin-1 too (`山田`, `–`): its bytes are not UTF-8 text.
  const utf16 = bytes.length % 2 === 0 ? bytes.toString('utf16le') : '';
  return printable(utf16) ? utf16 : undefined;
}

function printable(text: string): boolean {
  return text.length > 0 && /^[^\p{Cc}\ufffd]*$/u.test(text.replace(/[\t\n\r]/g, ''));
}

/** `text` with each range (merged where they touch) replaced by the marker. */
function cutOut(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let hidden = '';
  let kept = 0;
  for (const [start, end] of ranges) {
    if (end <= kept) continue;
    hidden += text.slice(kept, Math.max(kept, start)) + (start >= kept ? REDACTED : '');
    kept = end;
  }
  return hidden + text.slice(kept);
}

/**
 * {@link hideCardShapes} of a long text, a slice at a time (5 MB: about 50 ms in one go), the
 * event loop let go between slices. Each cut falls before a character no card shape starts,
 * ends or looks at (a letter, a quote, a line break): the pieces give the whole text's result.
 * @internal
 */
export async function hideCardShapesInSlices(
  text: string,
  slice: number,
  kept: ReadonlySet<string> = NONE,
): Promise<string> {
  let hidden = '';
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + slice);
    while (to < text.length && !cutsAt(text, to)) to++;
    hidden += hideCardShapes(text.slice(from, to), kept);
    from = to;
    if (from < text.length) await new Promise((resume) => setImmediate(resume));
  }
  return hidden;
}

/**
 * A character a card shape's search never takes in nor looks at (nor {@link inHexId}), nor part
 * of an escape, an invisible mark or a base64 word: a cut may fall before it.
 */
const CUT = /^[^\p{Nd}\p{Zs}\p{Cf}a-z.,+\-\u2010-\u2014\u2212\uff0d%\\&#;/=_]/iu;

/**
 * Whether a cut may fall before `at`: never inside a character of two code units (𝟒), nor inside
 * a soft line break (`=\r\n`: its line end is a cut's character otherwise).
 */
function cutsAt(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if ((unit >= 0xdc00 && unit <= 0xdfff) || !CUT.test(text.slice(at, at + 2))) return false;
  if (OD_LINE_NEXT.test(text.slice(at, at + 14))) return false;
  const from = Math.max(0, at - SOFT_BREAK_LENGTH);
  for (const soft of text.slice(from, at + SOFT_BREAK_LENGTH).matchAll(SOFT_BREAK))
    if (from + soft.index < at && at < from + soft.index + soft[0].length) return false;
  return true;
}

/** A line break before an `od -c` dump's next line (its offset, a cell): a dump is read whole. */
const OD_LINE_NEXT = /^\r?\n[0-9a-f]{6,8}(?: {3}\S| {2}\\| [0-7]{3}| {4})/;

/** A soft line break however written (as in `ESCAPED`), and the longest's length. */
const SOFT_BREAK = /=(?:\r|\\r|\\u\{d\}|\\u000d)?(?:\n|\\n|\\u\{a\}|\\u000a)/gi;
const SOFT_BREAK_LENGTH = 13;
