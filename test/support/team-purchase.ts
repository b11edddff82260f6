// What the tests buy: when they need a subscription to work on, two seats of the PER_TEAM plan,
// monthly, paid with the simulator's good test card unless the test gives its own; when they
// follow the purchase itself, three seats of the PER_SEAT plan.
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

/** A three-seat PER_SEAT purchase polled every 10 ms for up to 3 s: the flow the e2e tests follow. */
export const PER_SEAT_PURCHASE: PurchaseOptions = {
  plan: 'team-per-seat',
  team_seats: 3,
  card: GOOD_CARD,
  chosen_period: 'MONTH',
  pollInterval: 10,
  waitTimeout: 3_000,
};

/** The good test card with the expiry the deployed profile's checkout asks for. */
export const DATED_CARD = { ...GOOD_CARD, exp_month: '12', exp_year: '2035' };

/**
 * A two-seat PER_SEAT purchase as every profile takes it (the deployed one asks for a payment
 * method and an academy), polled every 5 ms; `more` changes or adds what a test needs.
 */
export function anyProfilePurchase(more: Partial<PurchaseOptions> = {}): PurchaseOptions {
  return {
    plan: 'team-per-seat',
    team_seats: 2,
    card: DATED_CARD,
    chosen_period: 'MONTH',
    payment_method_id: 1,
    academy: 1,
    pollInterval: 5,
    ...more,
  };
}
