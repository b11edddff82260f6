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
/** Digits run together, or grouped 4-4-4-1..4, 4-4-4-4-1..3 (Visa, Mastercard...) or 4-6-4..5 (Amex, Diners), one separator throughout. */
const CARD_SHAPE = new RegExp(
  String.raw`(?<!${D}|${D}[.,]|\+)` +
    String.raw`(?:${D}{13,19}|${D}{4}([ -])${D}{4}\1${D}{4}\1${D}{1,4}(?:\1${D}{1,3})?|${D}{4}([ -])${D}{6}\2${D}{4,5})` +
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
