import type { Cents } from '../core/money.js';
import type { SimulatorState, SubscriptionRecord, TeamRecord } from '../state/state.js';

/**
 * The spend period is monthly, anchored on the day the subscription was paid (live-api.md §9):
 * the latest monthly anniversary of `paidAt` that is not in the future.
 */
export function periodStart(paidAt: number, now: number): number {
  const anchor = new Date(paidAt);
  let months = 0;
  while (addMonths(anchor, months + 1).getTime() <= now) months += 1;
  return addMonths(anchor, months).getTime();
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** What auto-recharge has charged for this team in the current period (only auto-recharges count). */
export function periodSpend(
  state: SimulatorState,
  team: TeamRecord,
  subscription: SubscriptionRecord,
): Cents {
  const since = periodStart(subscription.paidAt, state.now());
  return state.invoices
    .filter(
      (invoice) =>
        invoice.kind === 'auto-recharge' && invoice.teamId === team.id && invoice.paidAt >= since,
    )
    .reduce((sum, invoice) => sum + invoice.amount, 0);
}
