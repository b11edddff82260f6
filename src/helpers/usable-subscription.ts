import type { Subscription } from '../schemas/subscriptions.js';

interface PaidBagLike {
  seat_service_item?: unknown;
}

/**
 * Whether a listed subscription is still waiting for its billing team: the deployed server lists a
 * team subscription a few seconds before its background task builds the team (`has_billing_team:
 * false`, and the billing team answers 404). The plan has a team when the bag it was paid with
 * bought seats (`seat_service_item` on an invoice's bag), or when the caller bought `team_seats`.
 * Read loosely: under `validate: 'off'` the listing is whatever the service sent.
 */
export function awaitsBillingTeam(subscription: Subscription, boughtSeats = false): boolean {
  if (subscription.has_billing_team !== false) return false;
  return boughtSeats || paidBags(subscription).some((bag) => bag.seat_service_item != null);
}

function paidBags(subscription: Subscription): PaidBagLike[] {
  const invoices: unknown = (subscription as { invoices?: unknown }).invoices;
  if (!Array.isArray(invoices)) return [];
  return invoices.flatMap((invoice: unknown) => {
    const bag: unknown = (invoice as { bag?: unknown } | null)?.bag;
    return typeof bag === 'object' && bag !== null ? [bag as PaidBagLike] : [];
  });
}
