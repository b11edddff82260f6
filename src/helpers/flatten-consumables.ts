import type { Consumable, ConsumableList } from '../schemas/consumables.js';

/**
 * Every consumable of a listing once, whatever its shape. The deployed server repeats all items of
 * a resource type in every group (live-api.md §1.6), so items are de-duplicated by id.
 */
export function flattenConsumables(listing: ConsumableList): Consumable[] {
  const seen = new Set<number>();
  const result: Consumable[] = [];
  for (const item of itemsOf(listing)) {
    if (item.id !== undefined) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
    }
    result.push(item);
  }
  return result;
}

/**
 * The items of any listing shape. With `validate: 'off'` (or 'warn') the listing is whatever the
 * service sent, so anything that is not an object is skipped rather than read (a `null` item or
 * group used to throw a TypeError).
 */
function itemsOf(listing: ConsumableList): Consumable[] {
  if (!isObject(listing)) return [];
  if (Array.isArray(listing)) return listing.filter(isObject);
  if (Array.isArray(listing.consumables)) return listing.consumables.filter(isObject);
  return Object.values(listing).flatMap((groups: unknown) =>
    Array.isArray(groups)
      ? groups.flatMap((group: unknown) => {
          const items = isObject(group) ? (group as { items?: unknown }).items : undefined;
          return Array.isArray(items) ? items.filter(isObject) : [];
        })
      : [],
  );
}

function isObject(value: unknown): value is Consumable {
  return typeof value === 'object' && value !== null;
}
