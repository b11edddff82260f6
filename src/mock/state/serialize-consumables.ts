import type { ConsumableRecord, SimulatorState } from './state.js';

export function serializeConsumable(consumable: ConsumableRecord) {
  return {
    /** The consumable's id. */
    id: consumable.id,
    /** The slug of its service. */
    service: consumable.service,
    /** Units left; -1 for unlimited. */
    how_many: consumable.howMany,
    /** Always `'UNIT'`. */
    unit_type: 'UNIT',
    /** The holder's user id; null for a team's shared pool. */
    user: consumable.userId,
    /** The subscription it comes from. */
    subscription: consumable.subscriptionId,
    /** The seat it belongs to, under `PER_SEAT`; else null. */
    subscription_seat: consumable.seatId,
    /** The team whose shared pool it is, under `PER_TEAM`; else null. */
    subscription_billing_team: consumable.teamId,
    /** Always null: simulated units do not expire. */
    valid_until: null,
  };
}

/**
 * The deployed server's grouped listing (live-api.md §1.6). Every catalog service is of type VOID,
 * so everything lands in `voids`, one group per service with its balance (-1 if any is unlimited).
 */
export function serializeConsumableListing(
  state: SimulatorState,
  consumables: readonly ConsumableRecord[],
) {
  const services = new Map(
    Object.values(state.catalog).flatMap((plan) =>
      plan.service_items.map((item) => [item.service.slug, item.service] as const),
    ),
  );
  const slugs = [...new Set(consumables.map((consumable) => consumable.service))];
  slugs.sort((a, b) => (services.get(a)?.id ?? 0) - (services.get(b)?.id ?? 0));
  const voids = slugs.map((slug) => {
    const items = consumables.filter((consumable) => consumable.service === slug);
    const unlimited = items.some((item) => item.howMany === -1);
    const units = unlimited ? -1 : items.reduce((sum, item) => sum + item.howMany, 0);
    return {
      id: services.get(slug)?.id ?? 0,
      slug,
      balance: { unit: units },
      items: items.map(serializeConsumable),
    };
  });
  return { mentorship_service_sets: [], cohort_sets: [], event_type_sets: [], voids };
}
