// A card number has a form of its own: 13 to 19 digits, alone or in the groups cards are printed
// in, starting as a card network's numbers start, with the Luhn check digit every card carries.
// Ids, quantities, amounts, dates, times and phone numbers are not of that form: too short, a
// millisecond timestamp starts with 1 (13 digits: UATP's are 15), a compact date with 20, a phone
// number with `+`, and one run of digits in ten passes the check by chance. A hex id (a charge's
// `ch_6b98…`, a UUID, a hash) may hold such a run between its letters: it is an id, printed whole.
//
// The search as text quotes it, no escape decoded and no Node built-in: the main entry's money
// refusals hide what a getter threw with it (src/resources/getter-cause.ts), and the command's
// wider search (src/node/card-shapes.ts: escapes, base64 and hex words) is built on it. One copy,
// outside the command: the main entry imports no file of the command's.

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

export const NONE: ReadonlySet<string> = new Set();

/**
 * The card-shaped, Luhn-valid runs of `text` that are not `kept`, nor inside a hex id; a hex id
 * ends at `marks` (where an invisible mark was dropped: `id\u200bab4003…cdef` is an id's).
 */
export function cardsIn(
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

const NO_MARKS: ReadonlySet<number> = new Set();

/**
 * The card-shaped runs of digits in a text the user gave the run (an order key such as a shop's
 * 13-digit order id, one in ten of them Luhn-valid): printed as given, or a key to settle could
 * not be read back. Whatever their check digit: the same run is the same text wherever printed.
 * @internal
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
 * A card network's first digits: 2221-2720 (Mastercard), 3 (Amex, Diners, JCB), 4, 5, 6 (Elo,
 * Verve, Hipercard, Dankort, RuPay's 60 and 65 among them); and the networks past those, their
 * numbers 16 digits or more: Mir (2200-2204), Borica (2205), UnionPay's and RuPay's 81, RuPay's
 * 82, UzCard (8600), Humo (9860), Napas (9704), Troy (9792), GPN (1946); and UATP's 1, 15 digits.
 * A millisecond timestamp (13 digits) or a compact date (`2026…`) is none of them.
 */
function startsAsCard(digits: number[]): boolean {
  const first = digits[0]!;
  if (first >= 3 && first <= 6) return true;
  const four = digits.slice(0, 4).reduce((sum, digit) => sum * 10 + digit, 0);
  if (four >= 2221 && four <= 2720) return true;
  if (first === 1 && digits.length === 15) return true;
  return digits.length >= 16 && REGIONAL.test(String(four));
}

const REGIONAL = /^(?:220[0-5]|8[12]|8600|9860|9704|9792|1946)/;

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
 * (src/resources/getter-cause.ts, the main entry's keyed checkout chunk).
 */
export function cardNumbersIn(text: string): string[] {
  return cardsIn(text, NONE).map(([start, end]) => text.slice(start, end));
}
