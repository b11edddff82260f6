import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { integer, list, oneOf, text, validate } from '../core/fields.js';
import { fail } from '../core/http-error.js';
import { REFUSAL_MESSAGES } from '../core/messages.js';
import { parseDecimal } from '../core/money.js';
import { randomHex } from '../core/random.js';
import { json } from '../core/respond.js';
import type { RouteContext } from '../core/router.js';
import type { CatalogPlan } from '../state/catalog.js';
import { serializeBag, serializePlan } from '../state/serialize-payments.js';
import type { BagRecord, SimulatorState } from '../state/state.js';

/** A bag token is valid for an hour, as on the deployed server. */
const BAG_LIFETIME_MS = 60 * 60 * 1000;

export function getPlan({ state, params }: RouteContext): Response {
  const plan = planBySlug(state, params.plan_slug ?? '') ?? fail(404, 'Plan not found');
  return json(serializePlan(state, plan));
}

/** The deployed server's own refusals of a checking body, before any field check. */
function refuseInWords(raw: Record<string, unknown>): void {
  if (raw.type !== 'PREVIEW' && raw.type !== 'BAG') fail(400, REFUSAL_MESSAGES.checkingType);
  if (Array.isArray(raw.plans) && raw.plans.length > 1) fail(400, REFUSAL_MESSAGES.onePlan);
}

const CheckingBody = z.object({
  type: oneOf(['PREVIEW', 'BAG']),
  plans: list(
    z.union([integer(1), text()], { error: 'Each plan must be an integer id (or a slug).' }),
  ).check(z.maxLength(1, 'You can only select one plan.')),
  team_seats: z.optional(z.nullable(integer(1))),
});

/**
 * PREVIEW and BAG are priced alike: month price + seat price x team_seats; both carry a token. The
 * deployed server's BAG only re-prices a bag made elsewhere (not simulated): 404 as it answers
 * when there is none. That server also refuses a plan the user already has, and re-prices the
 * user's unpaid preview rather than making another (200, not 201).
 */
export async function checking({ state, request, user }: RouteContext): Promise<Response> {
  const { profile } = state.options;
  const raw = await readJsonObject(request);
  if (profile.detailRefusals) refuseInWords(raw);
  const body = validate(CheckingBody, raw);
  if (body.type !== 'PREVIEW' && body.type !== profile.payableBagType) fail(404, 'Bag not found');
  const plan = findPlan(state, body.plans[0]!);
  if (profile.refusesOwnedPlan && ownsPlan(state, user.id, plan))
    fail(400, 'You already have a subscription to this plan');
  const teamSeats = body.team_seats ?? null;
  if (teamSeats !== null && !plan.seat_service_price) fail(400, 'This plan does not support teams');
  const seatPrice =
    teamSeats === null ? 0 : parseDecimal(plan.seat_service_price!.price_per_unit) * teamSeats;
  const priced = {
    planId: plan.id,
    teamSeats,
    amountPerMonth: parseDecimal(plan.price_per_month) + seatPrice,
    amountPerYear: parseDecimal(plan.price_per_year) + seatPrice * 12,
    expiresAt: state.now() + BAG_LIFETIME_MS,
  };
  const reused = body.type === 'PREVIEW' && profile.reusesPreview && unpaidPreview(state, user.id);
  if (reused) return json(serializeBag(state, Object.assign(reused, priced)), 200);
  const bag: BagRecord = {
    id: state.nextId('bag'),
    userId: user.id,
    type: body.type,
    token: randomHex(state.options.random, 40),
    status: 'CHECKING',
    ...priced,
  };
  state.bags.push(bag);
  return json(serializeBag(state, bag), 201);
}

const ownsPlan = (state: SimulatorState, userId: number, plan: CatalogPlan): boolean =>
  state.subscriptions.some((s) => s.ownerId === userId && s.planId === plan.id);

/** The user's preview still waiting to be paid, which the deployed server prices again. */
const unpaidPreview = (state: SimulatorState, userId: number): BagRecord | undefined =>
  state.bags.find(
    (bag) =>
      bag.userId === userId &&
      bag.type === 'PREVIEW' &&
      bag.status === 'CHECKING' &&
      bag.expiresAt >= state.now(),
  );

const planBySlug = (state: SimulatorState, slug: string): CatalogPlan | undefined =>
  Object.values(state.catalog).find((plan) => plan.slug === slug);

function findPlan(state: SimulatorState, idOrSlug: number | string): CatalogPlan {
  const plan =
    typeof idOrSlug === 'number' ? state.planById(idOrSlug) : planBySlug(state, idOrSlug);
  return plan ?? fail(404, 'Plan not found');
}
