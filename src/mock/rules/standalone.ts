import { REFUSAL_MESSAGES } from '../core/messages.js';
import { fail } from '../core/http-error.js';
import { parseDecimal } from '../core/money.js';
import type { ConsumableRecord, MockUser, SimulatorState } from '../state/state.js';
import { serializeInvoice } from '../state/serialize-payments.js';
import { findSubscription, requireOwner } from './access.js';
import { charge } from './charges.js';

/**
 * The deployed server's checkout of a service other than seats: units of the buyer's own (a
 * standalone consumable, no team, no seat), charged to the buyer, answered with the invoice and
 * the consumables it made. A `subscription`, when given, must be the buyer's.
 */
export function buyStandalone(
  state: SimulatorState,
  user: MockUser,
  service: string,
  howMany: number,
  subscriptionId: number | undefined,
) {
  const subscription =
    subscriptionId === undefined ? undefined : findSubscription(state, subscriptionId);
  if (subscription) requireOwner(subscription, user);
  const invoice = charge(state, {
    kind: 'consumable-checkout',
    userId: user.id,
    amount: bundlePrice(unitPrice(state, service), howMany, bundleOf(service)),
    subscriptionId: subscription?.id ?? null,
    service,
    howMany,
  });
  const consumable: ConsumableRecord = {
    id: state.nextId('consumable'),
    service,
    howMany,
    userId: user.id,
    subscriptionId: subscription?.id ?? null,
    seatId: null,
    teamId: null,
  };
  state.consumables.push(consumable);
  return {
    ...serializeInvoice(state, invoice),
    standalone_consumables: [standaloneConsumable(state, consumable)],
  };
}

/**
 * How the deployed server's academy sells a service alone (its `AcademyService`): units come in
 * bundles, and each bundle after the first takes `discountRatio` more off (each such step 10 %
 * smaller than the last), 20 % at most. `ai-credits` bought 5 at a time costs 4.00, not 5.00, as
 * the server answered when it ran.
 */
const BUNDLES: Readonly<Record<string, { size: number; discountRatio: number }>> = {
  'ai-credits': { size: 1, discountRatio: 0.1 },
};

/** A service's own bundle, never one of Object.prototype's (`constructor`). */
const bundleOf = (service: string) =>
  Object.hasOwn(BUNDLES, service) ? BUNDLES[service] : undefined;

/** The deployed server's `AcademyService.get_discounted_price`, in cents. */
function bundlePrice(
  unitCents: number,
  units: number,
  bundle: { size: number; discountRatio: number } | undefined,
): number {
  let discount = 0;
  let step = bundle?.discountRatio ?? 0;
  for (let n = 1; bundle && n < Math.floor(units / bundle.size); n++) {
    discount += step;
    step -= step * 0.1;
  }
  return Math.round(unitCents * units * (1 - Math.min(discount, 0.2)));
}

/** What one unit of a service costs: its price in the first plan that grants it. */
function unitPrice(state: SimulatorState, service: string): number {
  const item = Object.values(state.catalog)
    .flatMap((plan) => plan.service_items)
    .find((candidate) => candidate.service.slug === service);
  // The deployed server (whose checkout this is) answers an unknown service 400.
  return item ? parseDecimal(item.price_per_unit) : fail(400, REFUSAL_MESSAGES.serviceNotFound);
}

/** A standalone consumable as the deployed server's invoice nests it (live-api.md §1.4). */
function standaloneConsumable(state: SimulatorState, consumable: ConsumableRecord) {
  const service = Object.values(state.catalog)
    .flatMap((plan) => plan.service_items)
    .find((item) => item.service.slug === consumable.service)?.service;
  return {
    id: consumable.id,
    unit_type: 'UNIT',
    how_many: consumable.howMany,
    sort_priority: 1,
    valid_until: null,
    // As that server writes the holder: the user, not an id.
    user: holderOf(state, consumable.userId),
    service: service ?? { slug: consumable.service },
    is_team_allowed: false,
  };
}

function holderOf(state: SimulatorState, userId: number | null) {
  const user = userId === null ? undefined : state.user(userId);
  return user ? { id: user.id, first_name: '', last_name: '', email: user.email } : null;
}
