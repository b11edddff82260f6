// A card number the run does not know (typed into a CSV's note, pasted into a batch's field) is
// printed as is when an answer or an error echoes it: the SDK's redaction hides the secrets it is
// given, and this run was given only its own card. A card number has a form of its own, though:
// 13 to 19 digits, alone or in the groups cards are printed in, starting as a card network's
// numbers start, with the Luhn check digit every card carries. The command hides every such run
// it prints. Ids, quantities, amounts, dates, times and phone numbers are not of that form: too
// short, a millisecond timestamp starts with 1, a compact date with 20, a phone number with `+`,
// and one run of digits in ten passes the check by chance. A hex id (a charge's `ch_6b98…`, a
// UUID, a hash) may hold such a run between its letters: it is an id, printed whole. The form is
// also searched for escaped (an error body quoting a query: `4111%201111…`, `\u0034111…`, `&#32;`,
// an invisible mark inside it) and inside base64 or hex words (a debug dump), the word hidden whole.

const REDACTED = '[REDACTED]';

const D = String.raw`\p{Nd}`;
/**
 * Between groups: up to three spaces of any width (a CJK page's full-width one too), dashes of any
 * length (a full-width one, a minus sign), dots: `4111 1111`, `4111 - 1111`, `４１１１\u3000１１１１`.
 */
const SEPARATOR = String.raw`[ .\-\u00a0\u2000-\u200a\u202f\u205f\u2010-\u2014\u2212\u3000\uff0d]{1,3}`;
/**
 * Digits run together, or grouped 4-4-4-1..4, 4-4-4-4-1..3 (Visa, Mastercard...) or 4-6-4..5
 * (Amex, Diners), one separator throughout; not inside a longer number, an amount or a `+` phone.
 */
const CARD_SHAPE = new RegExp(
  String.raw`(?<!${D}|${D}[.,]|\+)` +
    String.raw`(?:${D}{13,19}` +
    String.raw`|${D}{4}(${SEPARATOR})${D}{4}\1${D}{4}\1${D}{1,4}(?:\1${D}{1,3})?` +
    String.raw`|${D}{4}(${SEPARATOR})${D}{6}\2${D}{4,5})` +
    String.raw`(?!${D}|[.,]${D})`,
  'gu',
);
const DIGIT = /^\p{Nd}$/u;

const NONE: ReadonlySet<string> = new Set();

/**
 * `text` with every card-number-shaped, Luhn-valid run of digits (any script's) hidden, but those
 * in `kept` (the run's own keys and arguments, {@link cardShapesIn}: a user needs them printed).
 */
export function hideCardShapes(text: string, kept: ReadonlySet<string> = NONE): string {
  const ranges: [number, number][] = [];
  // Searched as read, escapes decoded (`%20`, `\u0034`, `&#32;`, a `+` between digits) and
  // invisible marks dropped: a service echoes a query or a JSON body as it got it.
  const { view, at, marks } = unescaped(text);
  for (const [start, end] of cardsIn(view, kept, marks)) ranges.push([at[start]!, at[end]!]);
  // A base64 or hex word (a debug dump) whose text holds one goes whole.
  for (const word of text.matchAll(ENCODED_WORD)) {
    const decoded = decodedWord(word[0]);
    // Base64 of base64 too (a config store's value, echoed): the inner word decoded once more.
    const inner = decoded && ENCODED_WHOLE.test(decoded) ? decodedWord(decoded) : undefined;
    if ([decoded, inner].some((text) => text && cardsIn(text, kept).length > 0))
      ranges.push([word.index, word.index + word[0].length]);
  }
  return cutOut(text, ranges);
}

/**
 * The card-shaped, Luhn-valid runs of `text` that are not `kept`, nor inside a hex id; a hex id
 * ends at `marks` (where an invisible mark was dropped: `id\u200bab4003…cdef` is an id's).
 */
function cardsIn(
  text: string,
  kept: ReadonlySet<string>,
  marks: ReadonlySet<number> = NO_MARKS,
): [number, number][] {
  const found: [number, number][] = [];
  for (const match of text.matchAll(CARD_SHAPE)) {
    const [run] = match;
    const end = match.index + run.length;
    if (kept.has(run) || inHexId(text, match.index, end, marks)) continue;
    const digits = [...run].filter((char) => DIGIT.test(char)).map(digitValue);
    if (startsAsCard(digits) && passesLuhn(digits)) found.push([match.index, end]);
  }
  return found;
}

/**
 * An escape (URL, JSON, `\x`, HTML's numeric), a form's `+` between digits, or an invisible mark
 * (zero-width, joiner, soft hyphen, byte order mark, bidi control).
 */
const ESCAPED =
  /%[c-f][0-9a-f](?:%[89ab][0-9a-f]){1,3}|%[0-9a-f]{2}|\\u[0-9a-f]{4}|\\x[0-9a-f]{2}|&#x[0-9a-f]{1,6};|&#\d{1,7};|&nbsp;|(?<=\p{Nd})\+(?=\p{Nd})|[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/giu;
/** An invisible mark, however escaped: dropped as the mark itself is (`4111%E2%80%8B1111`). */
const INVISIBLE = /^[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]$/u;

const NO_MARKS: ReadonlySet<number> = new Set();

/**
 * `text` with its escapes decoded; `at[i]` is where the view's code unit `i` came from, `marks`
 * where the view dropped an invisible mark.
 */
function unescaped(text: string) {
  let view = '';
  const at: number[] = [];
  const marks = new Set<number>();
  let kept = 0;
  for (const match of text.matchAll(ESCAPED)) {
    const as = decodedEscape(match[0]);
    for (let i = kept; i < match.index; i++) at.push(i);
    if (as === '') marks.add(at.length);
    for (let i = 0; i < as.length; i++) at.push(match.index);
    view += text.slice(kept, match.index) + as;
    kept = match.index + match[0].length;
  }
  for (let i = kept; i <= text.length; i++) at.push(i);
  return { view: view + text.slice(kept), at, marks };
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
 * The card-shaped runs of digits in a text the user gave the run (an order key such as a shop's
 * 13-digit order id, one in ten of them Luhn-valid): printed as given, or a key to settle could
 * not be read back. Whatever their check digit: the same run is the same text wherever printed.
 */
export function cardShapesIn(text: string): string[] {
  return text.match(CARD_SHAPE) ?? [];
}

const HEX_ID_PART = /[0-9a-z-]/i;
const HEX_LETTER = /[a-f]/i;

/**
 * Whether [start, end) lies inside a hex id (`ch_ab4111…cdef`, a UUID): the letters, digits and
 * dashes around it are hex, a letter among them. A card typed after a word (`card4111…`,
 * `card-4111…`) or an escape (`\n4111…`) is not.
 */
function inHexId(text: string, start: number, end: number, marks = NO_MARKS): boolean {
  let before = start;
  while (before > 0 && !marks.has(before) && HEX_ID_PART.test(text[before - 1]!)) before--;
  let after = end;
  while (after < text.length && !marks.has(after) && HEX_ID_PART.test(text[after]!)) after++;
  const around = text.slice(before, start) + text.slice(end, after);
  return HEX_LETTER.test(around) && /^[0-9a-f-]*$/i.test(around);
}

/**
 * A character a card shape's search never takes in nor looks at (nor {@link inHexId}), nor part
 * of an escape, an invisible mark or a base64 word: a cut may fall before it.
 */
const CUT = /^[^\p{Nd}\p{Zs}\p{Cf}a-z.,+\-\u2010-\u2014\u2212\uff0d%\\&#;/=_]/iu;

/** Whether a cut may fall before `at`: never inside a character of two code units (𝟒). */
function cutsAt(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  return !(unit >= 0xdc00 && unit <= 0xdfff) && CUT.test(text.slice(at, at + 2));
}

/** A card network's first digits: 2221-2720 (Mastercard), 3 (Amex, Diners, JCB), 4, 5, 6. */
function startsAsCard(digits: number[]): boolean {
  const first = digits[0]!;
  if (first >= 3 && first <= 6) return true;
  const four = digits.slice(0, 4).reduce((sum, digit) => sum * 10 + digit, 0);
  return four >= 2221 && four <= 2720;
}

/** The check digit every card number ends with. */
function passesLuhn(digits: number[]): boolean {
  let sum = 0;
  for (let at = digits.length - 1, double = false; at >= 0; at--, double = !double) {
    const digit = double ? digits[at]! * 2 : digits[at]!;
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

/**
 * A decimal digit's value in any script: Unicode keeps each script's digits 0-9 together, in
 * order, so it is the distance from the first digit of its run (some runs hold several sets).
 */
function digitValue(char: string): number {
  const code = char.codePointAt(0)!;
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  let start = code;
  while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/**
 * The card numbers `text` quotes as they are (no escape decoded: that reader stays the command's,
 * off the main entry's bundle), not inside a hex id: a money call's refusal hides them in what a
 * getter of the caller's threw, in every form a known secret is hidden in
 * (src/resources/getter-cause.ts, the main entry's keyed checkout chunk: no Node built-in here).
 */
export function cardNumbersIn(text: string): string[] {
  return cardsIn(text, NONE).map(([start, end]) => text.slice(start, end));
}
