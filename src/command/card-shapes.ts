// A card number the run does not know (typed into a CSV's note, pasted into a batch's field) is
// printed as is when an answer or an error echoes it: the SDK's redaction hides the secrets it is
// given, and this run was given only its own card. A card number has a form of its own, though:
// 13 to 19 digits, alone or in the groups cards are printed in, starting as a card network's
// numbers start, with the Luhn check digit every card carries. The command hides every such run
// it prints. Ids, quantities, amounts, dates, times and phone numbers are not of that form: too
// short, a millisecond timestamp starts with 1, a compact date with 20, a phone number with `+`,
// and one run of digits in ten passes the check by chance.

const REDACTED = '[REDACTED]';

const D = String.raw`\p{Nd}`;
/** Between groups: a space of any width, a dash of any length, a dot. */
const SEPARATOR = String.raw`[ .\-\u00a0\u2007\u2009\u202f\u2010-\u2014]`;
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

/** `text` with every card-number-shaped, Luhn-valid run of digits (any script's) hidden. */
export function hideCardShapes(text: string): string {
  return text.replace(CARD_SHAPE, (run) => {
    const digits = [...run].filter((char) => DIGIT.test(char)).map(digitValue);
    return startsAsCard(digits) && passesLuhn(digits) ? REDACTED : run;
  });
}

/**
 * {@link hideCardShapes} of a long text, a slice at a time (5 MB: about 50 ms in one go), the
 * event loop let go between slices. Each cut falls before a character no card shape starts,
 * ends or looks at (a letter, a quote, a line break): the pieces give the whole text's result.
 */
export async function hideCardShapesInSlices(text: string, slice: number): Promise<string> {
  let hidden = '';
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + slice);
    while (to < text.length && !cutsAt(text, to)) to++;
    hidden += hideCardShapes(text.slice(from, to));
    from = to;
    if (from < text.length) await new Promise((resume) => setImmediate(resume));
  }
  return hidden;
}

/** A character a card shape's search never takes in nor looks at: a cut may fall before it. */
const CUT = /^[^\p{Nd}\p{Zs}.,+\-\u2010-\u2014]/u;

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
