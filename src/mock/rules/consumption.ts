import { SimulatorError } from '../core/http-error.js';
import { REFUSAL_MESSAGES, type RefusalKey } from '../core/messages.js';
import { parseDecimal } from '../core/money.js';
import type {
  ConsumableRecord,
  SimulatorState,
  SubscriptionRecord,
  TeamRecord,
} from '../state/state.js';
import { charge } from './charges.js';
import { usableConsumables } from './entitlement.js';
import {
  decideRecharge,
  planRecharges,
  type RechargeInput,
  type RechargeRefusal,
} from './recharge.js';
import { periodSpend } from './spend.js';

export interface ConsumeRequest {
  userId: number;
  service: string;
  units: number;
  subscription?: number;
}

export interface ConsumeOutcome {
  consumable: ConsumableRecord;
  /** Whether this draw set off at least one auto-recharge. */
  recharged: boolean;
}

/**
 * A member draws units. A draw of n units takes n units whatever the seat's multiplier: the
 * multiplier already scaled the seat's allocation (SERVICE.md rule 2 and recharge rule 5).
 * When the consumable lacks units, auto-recharge tops it up first if the rules allow; after the
 * draw, one more recharge happens if the balance fell below the threshold.
 */
export function consume(state: SimulatorState, request: ConsumeRequest): ConsumeOutcome {
  const consumable = pickConsumable(state, request);
  if (consumable.howMany === -1) return { consumable, recharged: false };
  const team = state.team(consumable.teamId);
  const before = team ? rechargeForDraw(state, team, consumable, request.units) : 0;
  if (consumable.howMany < request.units) throw refusalError(state, 'disabled');
  consumable.howMany -= request.units;
  const after = team ? rechargeBelowThreshold(state, team, consumable) : false;
  return { consumable, recharged: before > 0 || after };
}

/** The recharges a draw needs first; all or none, so a refused draw charges nothing. */
function rechargeForDraw(
  state: SimulatorState,
  team: TeamRecord,
  consumable: ConsumableRecord,
  need: number,
): number {
  const plan = planRecharges(rechargeInput(state, team, consumable), need);
  if ('refused' in plan) throw refusalError(state, plan.refused);
  for (let i = 0; i < plan.count; i += 1) {
    applyRecharge(state, team, consumable, plan.units / plan.count);
  }
  return plan.count;
}

/** One recharge after a draw that left the balance below the threshold (refusals stay silent). */
function rechargeBelowThreshold(
  state: SimulatorState,
  team: TeamRecord,
  consumable: ConsumableRecord,
): boolean {
  const decision = decideRecharge(rechargeInput(state, team, consumable));
  if ('refused' in decision) return false;
  applyRecharge(state, team, consumable, decision.units);
  return true;
}

function pickConsumable(state: SimulatorState, request: ConsumeRequest): ConsumableRecord {
  const known = Object.values(state.catalog).some((plan) =>
    plan.service_items.some((item) => item.service.slug === request.service),
  );
  if (!known) throw SimulatorError.fields({ service: [`Unknown service "${request.service}".`] });
  const candidates = usableConsumables(state, request.userId).filter(
    (c) =>
      c.service === request.service &&
      (request.subscription === undefined || c.subscriptionId === request.subscription),
  );
  const servable = candidates.find((c) => c.howMany === -1 || c.howMany >= request.units);
  const held = servable ?? candidates[0];
  if (!held) throw refusalError(state, 'disabled');
  return held;
}

function rechargeInput(
  state: SimulatorState,
  team: TeamRecord,
  consumable: ConsumableRecord,
): RechargeInput {
  const subscription = subscriptionOf(state, team);
  const item = state
    .planOf(subscription)
    .service_items.find((candidate) => candidate.service.slug === consumable.service);
  return {
    settings: team.autoRecharge,
    pricePerUnit: item ? parseDecimal(item.price_per_unit) : 0,
    balance: consumable.howMany,
    spent: periodSpend(state, team, subscription),
  };
}

/** Adds units and charges the owner, who pays for all team consumption (SERVICE.md). */
function applyRecharge(
  state: SimulatorState,
  team: TeamRecord,
  consumable: ConsumableRecord,
  units: number,
): void {
  const subscription = subscriptionOf(state, team);
  consumable.howMany += units;
  charge(state, {
    kind: 'auto-recharge',
    userId: subscription.ownerId,
    amount: team.autoRecharge.amount,
    subscriptionId: subscription.id,
    teamId: team.id,
    service: consumable.service,
    howMany: units,
  });
}

function subscriptionOf(state: SimulatorState, team: TeamRecord): SubscriptionRecord {
  const subscription = state.subscription(team.subscriptionId);
  if (!subscription) throw new Error(`simulator: team ${team.id} has no subscription`);
  return subscription;
}

const REFUSALS: Partial<Record<RechargeRefusal, RefusalKey>> = {
  'cap-reached': 'billingPeriodLimit',
  'would-exceed': 'rechargeBudget',
};

/**
 * All consumption refusals answer 402 Payment Required: SERVICE.md's simulator names the cap that
 * stopped the draw; the deployed server says "Insuficient credits" whatever the reason.
 */
function refusalError(state: SimulatorState, refusal: RechargeRefusal): SimulatorError {
  const key =
    state.options.profile.consumptionRefusals === 'insufficient-credits'
      ? 'insufficientCredits'
      : (REFUSALS[refusal] ?? 'notEnoughConsumables');
  return new SimulatorError(402, REFUSAL_MESSAGES[key]);
}
