import type { BillingTeam } from '../schemas/billing-team.js';

/**
 * The spending cap and what was spent in the period, as decimal strings, or null where absent.
 *
 * @example
 * ```ts
 * const { cap, spent }: Spending = spendingOf(await client.billingTeam.get(sub.id));
 * if (cap !== null && spent !== null) console.log(`${spent} of ${cap} spent this period`);
 * ```
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
 *
 * @example
 * ```ts
 * import { spendingOf } from 'seatpay';
 *
 * const { cap, spent } = spendingOf(await client.billingTeam.get(sub.id));
 * ```
 */
export function spendingOf(team: BillingTeam): Spending {
  return {
    cap: decimalOrNull(team.max_period_spend ?? team.max_monthly_spend),
    spent: decimalOrNull(team.current_period_spend ?? team.current_month_spend),
  };
}

function decimalOrNull(value: unknown): string | null {
  return value === undefined || value === null ? null : String(value);
}
