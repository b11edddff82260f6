// What the tests buy when they need a subscription to work on: two seats of the PER_TEAM plan,
// monthly, paid with the simulator's good test card unless the test gives its own.
import type { PurchaseOptions } from '../../src/index.js';

/** The simulator's good test card: every charge on it goes through. */
export const GOOD_CARD = { card_number: '4242424242424242', cvc: '123' };

/** `client.purchase`'s options for a two-seat team subscription, polled every `pollInterval` ms. */
export function teamPurchase(
  pollInterval: number,
  card: PurchaseOptions['card'] = GOOD_CARD,
): PurchaseOptions {
  return { plan: 'team-per-team', team_seats: 2, card, chosen_period: 'MONTH', pollInterval };
}
