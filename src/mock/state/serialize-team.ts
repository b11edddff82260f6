import { centsToNumber, formatCents } from '../core/money.js';
import { periodSpend, periodStart } from '../rules/spend.js';
import { CURRENCY } from './catalog.js';
import {
  iso,
  type SeatRecord,
  type SimulatorState,
  type SubscriptionRecord,
  type TeamRecord,
} from './state.js';

/*
 * The billing team in the two shapes SERVICE.md gives: the read shape (GET and PUT answers) names
 * the cap max_period_spend and reports the spend as a number; the PATCH shape names them
 * max_monthly_spend and current_month_spend (a decimal string). Both name the same setting.
 */

function common(state: SimulatorState, team: TeamRecord) {
  return {
    id: team.id,
    subscription: team.subscriptionId,
    name: team.name,
    seats_limit: team.seatsLimit,
    // The deployed server's seats bought, its seats_limit being these plus the owner's free seat.
    ...(state.options.profile.freeOwnerSeats === 0
      ? {}
      : { additional_seats: team.seatsLimit - state.options.profile.freeOwnerSeats }),
    consumption_strategy: team.strategy,
    auto_recharge_enabled: team.autoRecharge.enabled,
    recharge_threshold_amount: formatCents(team.autoRecharge.threshold),
    recharge_amount: formatCents(team.autoRecharge.amount),
  };
}

const capOf = (team: TeamRecord) =>
  team.autoRecharge.cap === null ? null : formatCents(team.autoRecharge.cap);

export function serializeTeamRead(
  state: SimulatorState,
  team: TeamRecord,
  subscription: SubscriptionRecord,
) {
  return {
    ...common(state, team),
    seats_count: state.activeSeats(team.id).length,
    max_period_spend: capOf(team),
    current_period_spend: centsToNumber(periodSpend(state, team, subscription)),
    currency: CURRENCY.code,
  };
}

export function serializeTeamPatch(
  state: SimulatorState,
  team: TeamRecord,
  subscription: SubscriptionRecord,
) {
  return {
    ...common(state, team),
    max_monthly_spend: capOf(team),
    current_month_spend: formatCents(periodSpend(state, team, subscription)),
    last_recharge_reset_at: iso(periodStart(subscription.paidAt, state.now())),
  };
}

export function serializeSeat(seat: SeatRecord) {
  return {
    id: seat.id,
    user: seat.userId,
    email: seat.email,
    is_active: seat.isActive,
    seat_multiplier: seat.multiplier,
  };
}
