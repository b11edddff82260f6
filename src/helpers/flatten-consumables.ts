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

function itemsOf(listing: ConsumableList): Consumable[] {
  if (Array.isArray(listing)) return listing;
  if (Array.isArray(listing.consumables)) return listing.consumables as Consumable[];
  return Object.values(listing as Record<string, { items?: Consumable[] }[]>).flatMap((groups) =>
    Array.isArray(groups) ? groups.flatMap((group) => group.items ?? []) : [],
  );
}
