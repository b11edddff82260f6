import { OWNER_ONLY, fail } from '../core/http-error.js';
import type { MockUser, SimulatorState, SubscriptionRecord, TeamRecord } from '../state/state.js';

/** The subscription a path or body names; 404 when there is none (a non-numeric id included). */
export function findSubscription(state: SimulatorState, id: string | number): SubscriptionRecord {
  const numeric = typeof id === 'number' ? id : /^\d+$/.test(id) ? Number(id) : NaN;
  return state.subscription(numeric) ?? fail(404, 'Subscription not found');
}

/**
 * Only the owner manages a subscription: 403 for anyone else, seat holders included. The deployed
 * server words it by what was attempted ("... team members", "... seats").
 */
export function requireOwner(
  subscription: SubscriptionRecord,
  user: MockUser,
  message = OWNER_ONLY,
): void {
  if (subscription.ownerId !== user.id) fail(403, message);
}

/** The billing team of a subscription the caller owns (the check every team and seat route makes). */
export function ownedTeam(
  state: SimulatorState,
  user: MockUser,
  subscriptionId: string | number,
  ownerOnly = OWNER_ONLY,
): { subscription: SubscriptionRecord; team: TeamRecord } {
  const subscription = findSubscription(state, subscriptionId);
  requireOwner(subscription, user, ownerOnly);
  const team = state.team(subscription.teamId) ?? fail(404, 'Billing team not found');
  return { subscription, team };
}
