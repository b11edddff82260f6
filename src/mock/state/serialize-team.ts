import { centsToNumber, formatCents } from '../core/money.js';
import { addMonths, periodSpend, periodStart } from '../rules/spend.js';
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
    ...(state.options.profile.teamHistory ? history(state, team, subscription) : {}),
    max_period_spend: capOf(team),
    current_period_spend: centsToNumber(periodSpend(state, team, subscription)),
    currency: CURRENCY.code,
  };
}

/** The deployed server's seat-limit changes and spend period (its times end in a stray `T`). */
function history(state: SimulatorState, team: TeamRecord, subscription: SubscriptionRecord) {
  const start = periodStart(subscription.paidAt, state.now());
  const strayT = (ms: number) => iso(ms).replace('Z', '000T');
  return {
    seats_log: team.seatsLog.map(({ from, to, at }) => ({
      to,
      from,
      action: 'LIMIT_UPDATED',
      created_at: iso(at),
    })),
    period_start: strayT(start),
    period_end: strayT(addMonths(new Date(start), 1).getTime()),
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

/** A seat: with its `seat_multiplier` (SERVICE.md), or its `seat_log` (the deployed server, which has no multiplier). */
export function serializeSeat(state: SimulatorState, seat: SeatRecord) {
  const common = { id: seat.id, user: seat.userId, email: seat.email, is_active: seat.isActive };
  if (state.options.profile.seatMultipliers) return { ...common, seat_multiplier: seat.multiplier };
  const seat_log = seat.log.map(({ email, action, at }) => ({
    email,
    action,
    created_at: iso(at),
  }));
  return { ...common, seat_log };
}
