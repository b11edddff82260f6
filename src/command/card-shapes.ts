// A card number the run does not know (typed into a CSV's note, pasted into a batch's field) is
// printed as is when an answer or an error echoes it: the SDK's redaction hides the secrets it is
// given, and this run was given only its own card. A card number has a form of its own, though:
// 13 to 19 digits, alone or in the groups cards are printed in, starting as a card network's
// numbers start, with the Luhn check digit every card carries. The command hides every such run
// it prints. Ids, quantities, amounts, dates, times and phone numbers are not of that form: too
// short, a millisecond timestamp starts with 1, a compact date with 20, a phone number with `+`,
// and one run of digits in ten passes the check by chance. A hex id (a charge's `ch_6b98…`, a
// UUID, a hash) may hold such a run between its letters: it is an id, printed whole.

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
  return text.replace(CARD_SHAPE, (run: string, _one, _two, at: number) => {
    if (kept.has(run) || inHexId(text, at, at + run.length)) return run;
    const digits = [...run].filter((char) => DIGIT.test(char)).map(digitValue);
    return startsAsCard(digits) && passesLuhn(digits) ? REDACTED : run;
  });
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
function inHexId(text: string, start: number, end: number): boolean {
  let before = start;
  while (before > 0 && HEX_ID_PART.test(text[before - 1]!)) before--;
  let after = end;
  while (after < text.length && HEX_ID_PART.test(text[after]!)) after++;
  const around = text.slice(before, start) + text.slice(end, after);
  return HEX_LETTER.test(around) && /^[0-9a-f-]*$/i.test(around);
}

/**
 * A character a card shape's search never takes in nor looks at (nor {@link inHexId}): a cut may
 * fall before it.
 */
const CUT = /^[^\p{Nd}\p{Zs}a-z.,+\-\u2010-\u2014\u2212\uff0d]/iu;

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
