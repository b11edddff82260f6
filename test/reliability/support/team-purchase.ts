import type { PurchaseOptions } from '../../../src/index.js';

/** A purchase of two seats of the simulator's PER_SEAT team plan, paid with its test card. */
export const TEAM_PURCHASE: PurchaseOptions = {
  plan: 'team-per-seat',
  team_seats: 2,
  card: { card_number: '4242424242424242', cvc: '123' },
  chosen_period: 'MONTH',
};
