import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { email, integer, validate } from '../core/fields.js';
import { crash, fail } from '../core/http-error.js';
import { inLanguage } from '../core/language.js';
import { json, noContent } from '../core/respond.js';
import { REFUSAL_MESSAGES, type RefusalKey } from '../core/messages.js';
import { missingField, type ServerProfile } from '../core/server-profile.js';
import type { RouteContext } from '../core/router.js';
import { findSubscription, ownedTeam } from '../rules/access.js';
import { allocateSeat, reassignSeat, releaseSeat } from '../rules/allocation.js';
import { serializeSeat } from '../state/serialize-team.js';
import type { MockUser, SeatRecord, SimulatorState, TeamRecord } from '../state/state.js';

/**
 * Every seat of the team, removed ones included (`is_active: false`), as the deployed server lists
 * them: to its owner (SERVICE.md), or to any signed-in user (that server).
 */
export function listSeats({ state, user, params }: RouteContext): Response {
  const team = readableTeam(state, user, params.subscription_id ?? '');
  const seats = state.seats.filter((seat) => seat.teamId === team.id);
  return json(seats.map((seat) => serializeSeat(state, seat)));
}

/** One seat by id, removed or not: the deployed server's `GET .../seat/{seat_id}`. */
export function getSeat({ state, user, params }: RouteContext): Response {
  const team = readableTeam(state, user, params.subscription_id ?? '');
  const seat = state.seats.find((s) => String(s.id) === params.seat_id && s.teamId === team.id);
  return json(serializeSeat(state, seat ?? fail(404, REFUSAL_MESSAGES.seatNotFound)));
}

function readableTeam(state: SimulatorState, user: MockUser, subscriptionId: string): TeamRecord {
  if (state.options.profile.seatReaders === 'owner')
    return ownedTeam(state, user, subscriptionId).team;
  const subscription = findSubscription(state, subscriptionId);
  return state.team(subscription.teamId) ?? fail(404, 'Billing team not found');
}

const items = <T extends z.ZodMiniType>(item: T) =>
  z.optional(z.array(item, { error: 'Expected a list of items.' }));
const SeatsBody = z.object({
  // Loose: the deployed server's required extras (`cohort_id`) are checked per item.
  add_seats: items(
    z.looseObject({
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
 * on the final count of active seats), then replacements are applied, then additions. Under
 * SERVICE.md any bad item refuses the whole request (400) and the answer is the seats touched; the
 * deployed server applies the good items and answers 207 `{ data, errors }`.
 */
export async function putSeats({ state, user, params, request }: RouteContext): Promise<Response> {
  const { profile } = state.options;
  const id = params.subscription_id ?? '';
  const { team, subscription } = ownedTeam(state, user, id, profile.ownerOnly.seats);
  const raw = await readJsonObject(request);
  if (profile.crashes.seatListNotArray && typeof raw.add_seats === 'string') crash();
  const body = validate(SeatsBody, raw);
  const change: SeatsChange = { add: body.add_seats ?? [], replace: body.replace_seats ?? [] };
  if (change.add.length === 0 && change.replace.length === 0)
    fail(400, 'Add seats or replace seats are required');
  const { accepted, refused } = planSeatsChange(state, team, change);
  const touched = accepted.replace.map(({ from_email, to_email }) => {
    const seat = state.activeSeats(team.id).find((candidate) => candidate.email === from_email)!;
    Object.assign(seat, { email: to_email, userId: state.userByEmail(to_email)?.id ?? null });
    seat.log.push({ email: to_email, action: 'REPLACED', at: state.now() });
    reassignSeat(state, seat);
    return seat;
  });
  const invited = new Set<SeatRecord>();
  for (const input of accepted.add) {
    const seat: SeatRecord = {
      id: state.nextId('seat'),
      teamId: team.id,
      email: input.email,
      userId: state.userByEmail(input.email)?.id ?? null,
      isActive: true,
      multiplier: profile.seatMultipliers ? (input.seat_multiplier ?? 1) : 1,
      isOwner: false,
      log: [{ email: input.email, action: 'ADDED', at: state.now() }],
    };
    state.seats.push(seat);
    allocateSeat(state, subscription, team, seat);
    touched.push(seat);
    if (profile.addedSeatUser === 'invite') invited.add(seat);
  }
  // The deployed server answers an added seat as an invite (`user: null`) even for a registered
  // e-mail; the simulator's invitee accepts at once, so listings show the user.
  const seats = touched.map((seat) => ({
    ...serializeSeat(state, seat),
    ...(invited.has(seat) ? { user: null } : {}),
  }));
  if (profile.seatChanges === 'all-or-nothing') return json(seats);
  const errors = refused.map((message) => ({ message: inLanguage(message, request), code: 400 }));
  return json({ data: seats, errors }, 207);
}

/**
 * Checks each item against the seats as the items before it leave them. A bad item refuses the
 * whole request under SERVICE.md, and is only left out (and reported) on the deployed server; the
 * seat limit always applies to the whole request.
 */
function planSeatsChange(
  state: SimulatorState,
  team: TeamRecord,
  change: SeatsChange,
): { accepted: SeatsChange; refused: string[] } {
  const { profile } = state.options;
  const active = state.activeSeats(team.id);
  const emails = new Set(active.map((seat) => seat.email));
  const accepted: SeatsChange = { add: [], replace: [] };
  const refused: string[] = [];
  const refuse = (message: string) =>
    profile.seatChanges === 'all-or-nothing' ? fail(400, message) : refused.push(message);
  for (const item of change.replace) {
    const problem = replacementProblem(profile, active, emails, item);
    if (problem) refuse(problem);
    else {
      emails.delete(item.from_email);
      emails.add(item.to_email);
      accepted.replace.push(item);
    }
  }
  for (const item of change.add) {
    const problem =
      missingField(profile, 'addSeat', item)?.message ??
      (emails.has(item.email) ? seatRefusal(profile, 'seatTaken', item.email) : undefined);
    if (problem) refuse(problem);
    else {
      emails.add(item.email);
      accepted.add.push(item);
    }
  }
  if (emails.size > team.seatsLimit)
    fail(400, `Seats limit exceeded: ${emails.size} > ${team.seatsLimit}`);
  return { accepted, refused };
}

/** A refusal of one seat item, as the profile's server words it. */
function seatRefusal(profile: ServerProfile, key: RefusalKey, email: string): string {
  if (profile.seatRefusals === 'plain') return REFUSAL_MESSAGES[key];
  return key === 'seatNotFound'
    ? `No active seat with this email: ${email}`
    : `${REFUSAL_MESSAGES[key]}: ${email}`;
}

function replacementProblem(
  profile: ServerProfile,
  active: readonly SeatRecord[],
  emails: ReadonlySet<string>,
  { from_email, to_email }: SeatsChange['replace'][number],
): string | undefined {
  const seat = active.find((candidate) => candidate.email === from_email && emails.has(from_email));
  if (!seat) return seatRefusal(profile, 'seatNotFound', from_email);
  if (seat.isOwner) return "The owner's seat cannot be replaced";
  if (emails.has(to_email)) return `A seat with this email already exists: ${to_email}`;
  return undefined;
}

/** Deactivates the seat (it frees a place under seats_limit) and releases its consumables. */
export function deleteSeat({ state, user, params }: RouteContext): Response {
  const ownerOnly = state.options.profile.ownerOnly.seats;
  const { team } = ownedTeam(state, user, params.subscription_id ?? '', ownerOnly);
  const seat = state.seats.find(
    (candidate) =>
      String(candidate.id) === params.seat_id && candidate.teamId === team.id && candidate.isActive,
  );
  if (!seat) return fail(404, REFUSAL_MESSAGES.seatNotFound);
  if (seat.isOwner && !state.options.profile.ownerSeatRemovable)
    fail(400, "The owner's seat cannot be removed");
  seat.isActive = false;
  seat.userId = null;
  releaseSeat(state, seat);
  return noContent();
}
