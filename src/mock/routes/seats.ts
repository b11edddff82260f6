import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { email, integer, validate } from '../core/fields.js';
import { fail } from '../core/http-error.js';
import { json, noContent } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import { ownedTeam } from '../rules/access.js';
import { allocateSeat, reassignSeat, releaseSeat } from '../rules/allocation.js';
import { serializeSeat } from '../state/serialize-team.js';
import type { SeatRecord, SimulatorState, TeamRecord } from '../state/state.js';

/** Every seat of the team, removed ones included (`is_active: false`), as the deployed server lists them. */
export function listSeats({ state, user, params }: RouteContext): Response {
  const { team } = ownedTeam(state, user, params.subscription_id ?? '');
  return json(state.seats.filter((seat) => seat.teamId === team.id).map(serializeSeat));
}

const items = <T extends z.ZodMiniType>(item: T) =>
  z.optional(z.array(item, { error: 'Expected a list of items.' }));
const SeatsBody = z.object({
  add_seats: items(
    z.object({
      email: email(),
      first_name: z.optional(z.string()),
      last_name: z.optional(z.string()),
      seat_multiplier: z.optional(integer(1)),
    }),
  ),
  replace_seats: items(z.object({ from_email: email(), to_email: email() })),
});
type SeatsChange = {
  add: NonNullable<z.output<typeof SeatsBody>['add_seats']>;
  replace: NonNullable<z.output<typeof SeatsBody>['replace_seats']>;
};

/**
 * `add_seats` and `replace_seats` may come together: the whole request is checked first (seat limit
 * on the final count of active seats), then replacements are applied, then additions. Answers the
 * seats it touched, in that order.
 */
export async function putSeats({ state, user, params, request }: RouteContext): Promise<Response> {
  const { team, subscription } = ownedTeam(state, user, params.subscription_id ?? '');
  const body = validate(SeatsBody, await readJsonObject(request));
  const change: SeatsChange = { add: body.add_seats ?? [], replace: body.replace_seats ?? [] };
  if (change.add.length === 0 && change.replace.length === 0)
    fail(400, 'Add seats or replace seats are required');
  checkSeatsChange(state, team, change);
  const touched = change.replace.map(({ from_email, to_email }) => {
    const seat = state.activeSeats(team.id).find((candidate) => candidate.email === from_email)!;
    Object.assign(seat, { email: to_email, userId: state.userByEmail(to_email)?.id ?? null });
    reassignSeat(state, seat);
    return seat;
  });
  for (const input of change.add) {
    const seat: SeatRecord = {
      id: state.nextId('seat'),
      teamId: team.id,
      email: input.email,
      userId: state.userByEmail(input.email)?.id ?? null,
      isActive: true,
      multiplier: input.seat_multiplier ?? 1,
      isOwner: false,
    };
    state.seats.push(seat);
    allocateSeat(state, subscription, team, seat);
    touched.push(seat);
  }
  return json(touched.map(serializeSeat));
}

/** All-or-nothing: any bad item rejects the request before a seat changes. */
function checkSeatsChange(state: SimulatorState, team: TeamRecord, change: SeatsChange): void {
  const active = state.activeSeats(team.id);
  const emails = new Set(active.map((seat) => seat.email));
  for (const { from_email, to_email } of change.replace) {
    const seat = active.find(
      (candidate) => candidate.email === from_email && emails.has(from_email),
    );
    if (!seat) return fail(400, `No active seat with this email: ${from_email}`);
    if (seat.isOwner) fail(400, "The owner's seat cannot be replaced");
    if (emails.has(to_email)) fail(400, `A seat with this email already exists: ${to_email}`);
    emails.delete(from_email);
    emails.add(to_email);
  }
  for (const { email: address } of change.add) {
    if (emails.has(address)) fail(400, `User already has a seat for this team: ${address}`);
    emails.add(address);
  }
  if (emails.size > team.seatsLimit)
    fail(400, `Seats limit exceeded: ${emails.size} > ${team.seatsLimit}`);
}

/** Deactivates the seat (it frees a place under seats_limit) and releases its consumables. */
export function deleteSeat({ state, user, params }: RouteContext): Response {
  const { team } = ownedTeam(state, user, params.subscription_id ?? '');
  const seat = state.seats.find(
    (candidate) =>
      String(candidate.id) === params.seat_id && candidate.teamId === team.id && candidate.isActive,
  );
  if (!seat) return fail(404, 'Seat not found');
  if (seat.isOwner) fail(400, "The owner's seat cannot be removed");
  seat.isActive = false;
  seat.userId = null;
  releaseSeat(state, seat);
  return noContent();
}
