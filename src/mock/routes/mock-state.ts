import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { ACADEMY } from '../state/catalog.js';
import type { SimulatorState } from '../state/state.js';

/** The email of a user id, for a readable snapshot. */
const emailOf = (state: SimulatorState, id: number | null): string | null =>
  id === null ? null : (state.user(id)?.email ?? null);

/** The teams of the subscriptions, with their seats: who holds what. */
function subscriptions(state: SimulatorState) {
  return state.subscriptions.map((subscription) => {
    const team = state.team(subscription.teamId);
    const seats = team ? state.seats.filter((seat) => seat.teamId === team.id) : [];
    return {
      id: subscription.id,
      plan: state.planOf(subscription).slug,
      owner: emailOf(state, subscription.ownerId),
      chosen_period: subscription.chosenPeriod,
      team: team && {
        id: team.id,
        consumption_strategy: team.strategy,
        seats_limit: team.seatsLimit,
        active_seats: seats.filter((seat) => seat.isActive).map((seat) => seat.email),
        auto_recharge_enabled: team.autoRecharge.enabled,
      },
    };
  });
}

/**
 * `GET /__mock/state`: what the simulator holds, for people and scripts driving `seatpay-mock`
 * (the users, subscriptions and teams, charges, uploads). Not part of the service's API; like
 * every route it takes a token of one of the simulator's users. A user's token is shown to that
 * user only (`token` is null for the others): a member's token never reads the owner's.
 */
export function mockState({ state, user }: RouteContext): Response {
  return json({
    users: state.users.map(({ id, email, token }) => ({
      id,
      email,
      token: id === user.id ? token : null,
    })),
    plans: Object.keys(state.catalog),
    academy: ACADEMY,
    subscriptions: subscriptions(state),
    charges: state.charges,
    files: state.files.map((file) => ({
      id: file.id,
      name: file.name,
      filename: file.filename,
      status: file.status,
      size: file.bytes.byteLength,
      owner: emailOf(state, file.userId),
    })),
  });
}
