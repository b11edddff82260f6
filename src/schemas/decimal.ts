import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { DecimalString } from './exact-input.js';

/** A plain decimal: digits, then at most one point followed by digits. */
const PLAIN = /^\d+(\.\d+)?$/;

/**
 * Why `amount` is not a money amount the service takes, in words that say what to do; undefined
 * when it is one. The one rule for every amount, a string or a number (a JavaScript caller's): a
 * plain decimal, 0 or more, with at most 2 decimals (whole cents: the service stores amounts as
 * `Decimal(10, 2)`, live-api.md §2.1). A string is checked as written; a number as its shortest
 * decimal form (`String(amount)`), so `0.1 + 0.2` (0.30000000000000004) is refused as
 * `'0.30000000000000004'` is, never rounded into an amount the caller's code never held.
 */
export function decimalProblem(amount: unknown): string | undefined {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return 'must be a finite number';
    if (amount > Number.MAX_SAFE_INTEGER / 100) return 'is too large for a number: pass a string';
  } else if (typeof amount !== 'string') return 'must be a decimal string such as "10.00"';
  const text = String(amount);
  if (/^\s*-/.test(text)) return 'must not be negative: drop the minus sign';
  if (text.trim() !== text) return 'has spaces around it';
  if (/^\d+,\d+$/.test(text)) return 'uses a comma: write the decimal point as "."';
  if (!PLAIN.test(text)) return 'must be a decimal amount such as "10.00"';
  const decimals = text.split('.')[1]?.length ?? 0;
  return decimals > 2
    ? `has ${decimals} decimals, more than 2 (cents): pass a decimal string such as "0.30"`
    : undefined;
}

/**
 * True when `value` is a money amount the service takes as it is: a decimal string, 0 or more,
 * with at most 2 decimals (`'10'`, `'10.5'`, `'10.00'`). Narrows `value` to {@link DecimalString}.
 *
 * @example
 * ```ts
 * import { isDecimalString } from 'seatpay';
 *
 * const input: string = '19.99'; // from a form
 * if (isDecimalString(input)) await client.billingTeam.replace(sub.id, { max_period_spend: input });
 * ```
 * @category Schemas and types
 */
export function isDecimalString(value: unknown): value is DecimalString {
  return typeof value === 'string' && decimalProblem(value) === undefined;
}

/**
 * Turns user input (a string from a form, or a number a JavaScript caller computed) into a
 * {@link DecimalString}, by the rule every amount argument follows: a plain decimal, 0 or more,
 * with at most 2 decimals. A string comes back as written, a number as its shortest decimal form
 * (`12.5` → `'12.5'`). Anything else throws an `InvalidRequestError` that says why (`'-1.00'`: the
 * minus sign; `'10.001'` or `0.1 + 0.2`: more than 2 decimals; `'1e3'`, `'10,50'` ...).
 *
 * @example
 * ```ts
 * import { InvalidRequestError, parseDecimal } from 'seatpay';
 *
 * try {
 *   const cap = parseDecimal('250.00'); // '250.00', typed DecimalString
 *   await client.billingTeam.replace(sub.id, { max_period_spend: cap });
 * } catch (error) {
 *   if (error instanceof InvalidRequestError) console.log(error.message); // says what to fix
 *   else throw error;
 * }
 * ```
 * @category Schemas and types
 */
export function parseDecimal(input: string | number): DecimalString {
  const problem = decimalProblem(input);
  if (problem !== undefined)
    throw new InvalidRequestError(`Invalid amount: it ${problem}`, {
      issues: [{ path: [], message: problem }],
    });
  return String(input) as DecimalString;
}
