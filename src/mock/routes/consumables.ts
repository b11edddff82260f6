import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { integer, text, validate } from '../core/fields.js';
import { fail, SimulatorError } from '../core/http-error.js';
import { REFUSAL_MESSAGES } from '../core/messages.js';
import { parseDecimal } from '../core/money.js';
import { json } from '../core/respond.js';
import { requireFields } from '../core/server-profile.js';
import type { RouteContext } from '../core/router.js';
import { findSubscription, requireOwner } from '../rules/access.js';
import { addConsumable, personal } from '../rules/allocation.js';
import { charge } from '../rules/charges.js';
import { usableConsumables } from '../rules/entitlement.js';
import { catalogServices, SEAT_SERVICE_SLUG, type CatalogServiceItem } from '../state/catalog.js';
import { buyStandalone } from '../rules/standalone.js';
import { serializeConsumableListing } from '../state/serialize-consumables.js';
import { serializeInvoice } from '../state/serialize-payments.js';
import type { ConsumableRecord, SimulatorState, SubscriptionRecord } from '../state/state.js';

export function listConsumables({ state, user }: RouteContext): Response {
  return json(serializeConsumableListing(state, usableConsumables(state, user.id)));
}

/** `how_many` -1 (unlimited) exists only in a balance: a purchase of it is refused. */
const HowMany = integer(1);

/** The body under SERVICE.md: a service slug and a subscription, always. */
const CheckoutBody = z.object({ service: text(), how_many: HowMany, subscription: integer(1) });

/** The deployed server's: a service id or slug; `subscription` only the seat service needs. */
const LooseCheckoutBody = z.object({
  service: z.union([integer(1), text()]),
  how_many: HowMany,
  subscription: z.optional(integer(1)),
});

/**
 * The seat service raises seats_limit (owner only); any other service is a manual recharge of the
 * subscription's units under SERVICE.md, and units of the caller's own on the deployed server
 * (`standalone_consumables` in its invoice).
 */
export async function consumableCheckout({
  state,
  request,
  user,
}: RouteContext): Promise<Response> {
  const { profile } = state.options;
  const raw = await readJsonObject(request);
  requireFields(profile, 'consumableCheckout', raw);
  const seatService = profile.checkout.subscriptionFor === 'seat-service';
  const body = validate(seatService ? LooseCheckoutBody : CheckoutBody, raw);
  const service = checkoutService(state, body.service);
  if (seatService && service !== SEAT_SERVICE_SLUG)
    return json(buyStandalone(state, user, service, body.how_many, body.subscription), 201);
  const subscription = findSubscription(state, body.subscription ?? missingSubscription());
  const forSeats = service === SEAT_SERVICE_SLUG;
  requireOwner(subscription, user, forSeats ? profile.ownerOnly.seatCheckout : undefined);
  const invoice = forSeats
    ? buySeats(state, subscription, body.how_many)
    : recharge(state, subscription, service, body.how_many);
  return json(serializeInvoice(state, invoice), 201);
}

const missingSubscription = (): never => {
  throw SimulatorError.fields({ subscription: ['This field is required.'] });
};

/** The slug of the service a checkout names: by slug, or by id where the profile takes ids. */
function checkoutService(state: SimulatorState, service: string | number): string {
  if (typeof service === 'string') return service;
  if (!state.options.profile.checkout.serviceById)
    throw SimulatorError.fields({ service: ['Not a valid string.'] });
  return (
    catalogServices(state.catalog).find(({ id }) => id === service)?.slug ??
    fail(400, REFUSAL_MESSAGES.serviceNotFound)
  );
}

/**
 * More seats: `how_many` is added to seats_limit under SERVICE.md, and is the desired total on the
 * deployed server (which must exceed the current limit; it counts its own additional seats).
 */
function buySeats(state: SimulatorState, subscription: SubscriptionRecord, requested: number) {
  const seatPrice = state.planOf(subscription).seat_service_price;
  if (!seatPrice) return fail(400, 'Plan does not support team seats');
  const team =
    state.team(subscription.teamId) ??
    fail(400, 'This subscription has no billing team; buy it with team_seats');
  const { seatCheckout, freeOwnerSeats } = state.options.profile;
  // The deployed server counts the seats bought, not the owner's free one (additional_seats).
  const howMany =
    seatCheckout === 'total' ? requested - (team.seatsLimit - freeOwnerSeats) : requested;
  if (howMany <= 0) fail(400, 'Desired seats must be greater than current seats');
  const bought = team.seatsLimit - freeOwnerSeats;
  team.seatsLog.push({ from: bought, to: bought + howMany, at: state.now() });
  team.seatsLimit += howMany;
  const amount = parseDecimal(seatPrice.price_per_unit) * howMany;
  return charge(state, {
    kind: 'consumable-checkout',
    userId: subscription.ownerId,
    amount,
    subscriptionId: subscription.id,
    teamId: team.id,
    service: SEAT_SERVICE_SLUG,
    howMany,
  });
}

/** Manual recharge: the team pool (PER_TEAM), the owner's seat (PER_SEAT), else the owner's own. */
function recharge(
  state: SimulatorState,
  subscription: SubscriptionRecord,
  service: string,
  howMany: number,
) {
  const item = state
    .planOf(subscription)
    .service_items.find((candidate) => candidate.service.slug === service);
  if (!item) return fail(400, REFUSAL_MESSAGES.serviceNotFound);
  const target = rechargeTarget(state, subscription, item);
  if (target.howMany === -1) fail(400, 'This consumable is already unlimited');
  target.howMany += howMany;
  const amount = parseDecimal(item.price_per_unit) * howMany;
  return charge(state, {
    kind: 'consumable-checkout',
    userId: subscription.ownerId,
    amount,
    subscriptionId: subscription.id,
    teamId: target.teamId,
    service,
    howMany,
  });
}

function rechargeTarget(
  state: SimulatorState,
  subscription: SubscriptionRecord,
  item: CatalogServiceItem,
): ConsumableRecord {
  const team = state.team(subscription.teamId);
  const slug = item.service.slug;
  const ofSubscription = state.consumables.filter(
    (c) => c.subscriptionId === subscription.id && c.service === slug,
  );
  if (!team || !item.is_team_allowed) {
    const own = ofSubscription.find((c) => c.teamId === null && c.seatId === null);
    return own ?? addConsumable(state, subscription, slug, 0, personal(subscription));
  }
  if (team.strategy === 'PER_TEAM') {
    const pool = ofSubscription.find((c) => c.teamId === team.id && c.seatId === null);
    return (
      pool ??
      addConsumable(state, subscription, slug, 0, { userId: null, seatId: null, teamId: team.id })
    );
  }
  const ownerSeat = state.seats.find((seat) => seat.teamId === team.id && seat.isOwner);
  const mine = ofSubscription.find((c) => c.seatId === ownerSeat?.id);
  return (
    mine ??
    addConsumable(state, subscription, slug, 0, {
      userId: subscription.ownerId,
      seatId: ownerSeat?.id ?? null,
      teamId: team.id,
    })
  );
}
