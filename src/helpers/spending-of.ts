import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { BillingTeam } from '../schemas/billing-team.js';

/**
 * The spending cap and what was spent in the period, as decimal strings, or null where absent.
 *
 * @example
 * ```ts
 * const { cap, spent }: Spending = spendingOf(await client.billingTeam.get(sub.id));
 * if (cap !== null && spent !== null) console.log(`${spent} of ${cap} spent this period`);
 * ```
 * @category Helpers
 */
export interface Spending {
  /** The cap per period (`max_period_spend` or `max_monthly_spend`); null: none, or not shown. */
  cap: string | null;
  /** Spent this period (`current_period_spend` or `current_month_spend`); null: not shown. */
  spent: string | null;
}

/**
 * Reads the cap and the spend of a billing team from whichever names its shape uses
 * (`max_period_spend`/`current_period_spend`, or `max_monthly_spend`/`current_month_spend`).
 * Anything that is not a billing team (`null`, a list, an amount that is an object: what a
 * client with `validate: 'off'` may hand over) throws `InvalidRequestError`, never a TypeError
 * or a `"[object Object]"` amount.
 *
 * @example
 * ```ts
 * import { spendingOf } from 'seatpay';
 *
 * const { cap, spent } = spendingOf(await client.billingTeam.get(sub.id));
 * ```
 * @category Helpers
 */
export function spendingOf(team: BillingTeam): Spending {
  if (typeof team !== 'object' || team === null || Array.isArray(team)) {
    throw new InvalidRequestError('spendingOf needs a billing team object', { field: 'team' });
  }
  return {
    cap: amountOf(team, 'max_period_spend') ?? amountOf(team, 'max_monthly_spend'),
    spent: amountOf(team, 'current_period_spend') ?? amountOf(team, 'current_month_spend'),
  };
}

/** A decimal string, or null when absent; a number is written out as the service meant it. */
function amountOf(team: BillingTeam, field: keyof BillingTeam & string): string | null {
  let value: unknown;
  try {
    value = team[field];
  } catch {
    value = {}; // a getter or Proxy that throws: as wrong as an object amount
  }
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new InvalidRequestError(`Invalid ${field}: must be a decimal string or null`, { field });
}
