import type { ConsumableRecord, SimulatorState } from '../state/state.js';

/**
 * The consumables a user may use: their personal ones, those of a seat they hold, and the shared
 * pool of a team where they hold an active seat. The listing shows these; a draw takes from them.
 */
export function usableConsumables(state: SimulatorState, userId: number): ConsumableRecord[] {
  return state.consumables.filter((consumable) => {
    if (consumable.seatId !== null) {
      const seat = state.seat(consumable.seatId);
      return seat !== undefined && seat.isActive && seat.userId === userId;
    }
    if (consumable.teamId !== null) return holdsActiveSeat(state, consumable.teamId, userId);
    return consumable.userId === userId;
  });
}

export function holdsActiveSeat(state: SimulatorState, teamId: number, userId: number): boolean {
  return state.activeSeats(teamId).some((seat) => seat.userId === userId);
}
