import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { integer, text, validate } from '../core/fields.js';
import { fail } from '../core/http-error.js';
import { parseDecimal } from '../core/money.js';
import { json } from '../core/respond.js';
import { requireFields } from '../core/server-profile.js';
import type { RouteContext } from '../core/router.js';
import { findSubscription, requireOwner } from '../rules/access.js';
import { addConsumable, personal } from '../rules/allocation.js';
import { charge } from '../rules/charges.js';
import { usableConsumables } from '../rules/entitlement.js';
import { SEAT_SERVICE_SLUG, type CatalogServiceItem } from '../state/catalog.js';
import { serializeConsumableListing } from '../state/serialize-consumables.js';
import { serializeInvoice } from '../state/serialize-payments.js';
import type { ConsumableRecord, SimulatorState, SubscriptionRecord } from '../state/state.js';

export function listConsumables({ state, user }: RouteContext): Response {
  return json(serializeConsumableListing(state, usableConsumables(state, user.id)));
}

/** `how_many` -1 (unlimited) exists only in a balance: a purchase of it is refused. */
const CheckoutBody = z.object({
  service: text(),
  how_many: integer(1),
  subscription: integer(1),
});

/** Owner only. The seat service raises seats_limit; any other service is a manual recharge. */
export async function consumableCheckout({
  state,
  request,
  user,
}: RouteContext): Promise<Response> {
  const { profile } = state.options;
  const raw = await readJsonObject(request);
  requireFields(profile, 'consumableCheckout', raw);
  const body = validate(CheckoutBody, raw);
  const subscription = findSubscription(state, body.subscription);
  const forSeats = body.service === SEAT_SERVICE_SLUG;
  requireOwner(subscription, user, forSeats ? profile.ownerOnly.seatCheckout : undefined);
  const invoice = forSeats
    ? buySeats(state, subscription, body.how_many)
    : recharge(state, subscription, body.service, body.how_many);
  return json(serializeInvoice(state, invoice), 201);
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
  const howMany =
    state.options.profile.seatCheckout === 'total' ? requested - team.seatsLimit : requested;
  if (howMany <= 0) fail(400, 'Desired seats must be greater than current seats');
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
  if (!item) return fail(400, 'Service not found');
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
