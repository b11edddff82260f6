import type {
  BagRecord,
  InvoiceRecord,
  SeatRecord,
  SimulatorState,
  SubscriptionRecord,
  TeamRecord,
} from '../state/state.js';
import { allocateSubscription } from './allocation.js';

/** Defaults of the deployed server's auto-recharge settings (live-api.md §9). */
const DEFAULT_AUTO_RECHARGE = { enabled: false, threshold: 1000, amount: 1000, cap: null };

/**
 * Builds the subscription a paid bag bought, as the deployed server's background task does: a
 * billing team when the bag had team_seats (seats_limit = team_seats, plus the owner's free seat
 * where the profile has one; strategy from the plan), then the consumables. The team (and so the
 * consumables) may come `billingTeamDelayMs` after the subscription is listed, as on that server.
 */
export function createSubscription(
  state: SimulatorState,
  bag: BagRecord,
  invoice: InvoiceRecord,
  period: 'MONTH' | 'YEAR',
): SubscriptionRecord {
  const subscription: SubscriptionRecord = {
    id: state.nextId('subscription'),
    ownerId: bag.userId,
    planId: bag.planId,
    paidAt: invoice.paidAt,
    chosenPeriod: period,
    teamId: null,
  };
  state.subscriptions.push(subscription);
  invoice.subscriptionId = subscription.id;
  const charge = state.charges.find((candidate) => candidate.invoice === invoice.id);
  if (charge) charge.subscription = subscription.id;
  const { teamSeats } = bag;
  if (teamSeats === null) allocateSubscription(state, subscription);
  else
    afterDelay(state, state.options.billingTeamDelayMs(), () =>
      buildTeam(state, subscription, teamSeats),
    );
  return subscription;
}

function buildTeam(state: SimulatorState, subscription: SubscriptionRecord, teamSeats: number) {
  const seatsLimit = teamSeats + state.options.profile.freeOwnerSeats;
  subscription.teamId = createTeam(state, subscription, seatsLimit).id;
  allocateSubscription(state, subscription);
}

/** Runs `task` now when `ms` is 0 (SERVICE.md's team comes with its subscription), else later. */
function afterDelay(state: SimulatorState, ms: number, task: () => void): void {
  if (ms <= 0) task();
  else state.options.timers.later(ms, task);
}

function createTeam(
  state: SimulatorState,
  subscription: SubscriptionRecord,
  seatsLimit: number,
): TeamRecord {
  const strategy = state.planOf(subscription).consumption_strategy ?? 'PER_SEAT';
  const team: TeamRecord = {
    id: state.nextId('team'),
    subscriptionId: subscription.id,
    name: `Team ${subscription.id}`,
    seatsLimit,
    strategy,
    autoRecharge: { ...DEFAULT_AUTO_RECHARGE },
    seatsLog: [],
  };
  state.teams.push(team);
  const owner = state.user(subscription.ownerId);
  const seat: SeatRecord = {
    id: state.nextId('seat'),
    teamId: team.id,
    email: owner?.email ?? '',
    userId: subscription.ownerId,
    isActive: true,
    multiplier: 1,
    isOwner: true,
    log: [],
  };
  state.seats.push(seat);
  return team;
}

/** What `me/subscription` lists for a user: what they own and where they hold an active seat. */
export function visibleSubscriptions(state: SimulatorState, userId: number): SubscriptionRecord[] {
  return state.subscriptions
    .filter((subscription) => {
      if (subscription.ownerId === userId) return true;
      return (
        subscription.teamId !== null &&
        state.activeSeats(subscription.teamId).some((seat) => seat.userId === userId)
      );
    })
    .sort((a, b) => b.id - a.id);
}
