import type { Cents } from '../core/money.js';
import type { AutoRecharge } from '../state/state.js';

/*
 * Auto-recharge decisions, SERVICE.md rules 1-4, as pure functions of the numbers involved:
 * a recharge adds floor(recharge_amount / price_per_unit) units and costs recharge_amount; it is
 * made only while the balance (units x price) is below the threshold, and only while the period
 * spend plus its cost stays within the cap. Unlimited consumables (-1) never recharge.
 */

export type RechargeRefusal =
  'disabled' | 'unlimited' | 'above-threshold' | 'cap-reached' | 'would-exceed' | 'price-too-high';

export interface RechargeInput {
  settings: AutoRecharge;
  pricePerUnit: Cents;
  /** Units left before the recharge. */
  balance: number;
  /** Auto-recharge spend so far in this period. */
  spent: Cents;
}

export type RechargePlan = { count: number; units: number } | { refused: RechargeRefusal };

/** Whether one recharge happens now, and how many units it adds. */
export function decideRecharge({
  settings,
  pricePerUnit,
  balance,
  spent,
}: RechargeInput): RechargePlan {
  if (!settings.enabled) return { refused: 'disabled' };
  if (balance === -1) return { refused: 'unlimited' };
  if (balance * pricePerUnit >= settings.threshold) return { refused: 'above-threshold' };
  if (settings.cap !== null && spent >= settings.cap) return { refused: 'cap-reached' };
  if (settings.cap !== null && spent + settings.amount > settings.cap)
    return { refused: 'would-exceed' };
  const units = pricePerUnit > 0 ? Math.floor(settings.amount / pricePerUnit) : 0;
  return units >= 1 ? { count: 1, units } : { refused: 'price-too-high' };
}

/**
 * The recharges needed before a draw of `need` units can be served: as many as it takes, each one
 * still subject to the threshold and the cap. Refused as a whole, so a draw that cannot be served
 * charges nothing.
 */
export function planRecharges(input: RechargeInput, need: number): RechargePlan {
  if (input.balance === -1 || input.balance >= need) return { count: 0, units: 0 };
  const first = decideRecharge(input);
  if ('refused' in first) return first;
  const count = Math.ceil((need - input.balance) / first.units);
  const lastBalance = input.balance + (count - 1) * first.units;
  if (lastBalance * input.pricePerUnit >= input.settings.threshold)
    return { refused: 'above-threshold' };
  const { cap, amount } = input.settings;
  if (cap !== null && input.spent + count * amount > cap) return { refused: 'would-exceed' };
  return { count, units: count * first.units };
}
