import type { CatalogServiceItem } from '../state/catalog.js';
import type {
  ConsumableRecord,
  SeatRecord,
  SimulatorState,
  SubscriptionRecord,
  TeamRecord,
} from '../state/state.js';

/*
 * Allocation, SERVICE.md rules 1-4:
 * 1. PER_TEAM, is_team_allowed: one shared pool (user null, team set), how_many as the plan says.
 * 2. PER_SEAT, is_team_allowed: one consumable per seat (seat and team set, user = seat holder),
 *    how_many x the seat's multiplier.
 * 3. is_team_allowed=false, or no team at all: the owner's personal consumables.
 * 4. The multiplier matters only under PER_SEAT.
 */

export function allocateSubscription(
  state: SimulatorState,
  subscription: SubscriptionRecord,
): void {
  const team = state.team(subscription.teamId);
  for (const item of state.planOf(subscription).service_items) {
    if (!team || !item.is_team_allowed)
      addConsumable(state, subscription, item.service.slug, item.how_many, personal(subscription));
    else if (team.strategy === 'PER_TEAM')
      addConsumable(state, subscription, item.service.slug, item.how_many, pool(team));
  }
  if (team?.strategy === 'PER_SEAT')
    for (const seat of state.activeSeats(team.id)) allocateSeat(state, subscription, team, seat);
}

/** A seat's own consumables under PER_SEAT (a seat added later gets them at once). */
export function allocateSeat(
  state: SimulatorState,
  subscription: SubscriptionRecord,
  team: TeamRecord,
  seat: SeatRecord,
): void {
  if (team.strategy !== 'PER_SEAT') return;
  for (const item of teamItems(state, subscription)) {
    const howMany = item.how_many === -1 ? -1 : item.how_many * seat.multiplier;
    addConsumable(state, subscription, item.service.slug, howMany, {
      userId: seat.userId,
      seatId: seat.id,
      teamId: team.id,
    });
  }
}

/** A removed seat's consumables stay on the seat but no one holds them any more. */
export function releaseSeat(state: SimulatorState, seat: SeatRecord): void {
  for (const consumable of state.consumables)
    if (consumable.seatId === seat.id) consumable.userId = null;
}

/** A replaced seat's consumables follow the seat to its new holder. */
export function reassignSeat(state: SimulatorState, seat: SeatRecord): void {
  for (const consumable of state.consumables)
    if (consumable.seatId === seat.id) consumable.userId = seat.userId;
}

type Holder = Pick<ConsumableRecord, 'userId' | 'seatId' | 'teamId'>;

export const personal = (subscription: SubscriptionRecord): Holder => ({
  userId: subscription.ownerId,
  seatId: null,
  teamId: null,
});
const pool = (team: TeamRecord): Holder => ({ userId: null, seatId: null, teamId: team.id });

function teamItems(state: SimulatorState, subscription: SubscriptionRecord): CatalogServiceItem[] {
  return state.planOf(subscription).service_items.filter((item) => item.is_team_allowed);
}

export function addConsumable(
  state: SimulatorState,
  subscription: SubscriptionRecord,
  service: string,
  howMany: number,
  holder: Holder,
): ConsumableRecord {
  const consumable: ConsumableRecord = {
    id: state.nextId('consumable'),
    service,
    howMany,
    subscriptionId: subscription.id,
    ...holder,
  };
  state.consumables.push(consumable);
  return consumable;
}
