// Lists what the caller may consume, by who holds it (owner, seat or team pool), then buys more
// AI credits for a subscription.
// Run: `npm run example -- consumables` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import { createClient, type Consumable } from '../src/index.js';

// No options: the base URL and token come from SEATPAY_BASE_URL and SEATPAY_TOKEN.
const client = createClient();

// Who a consumable belongs to follows SERVICE.md's allocation rules:
// PER_SEAT gives each seat its own, PER_TEAM one shared pool, and non-team services stay personal.
function holder(item: Consumable): string {
  if (item.subscription_seat != null) return `seat ${item.subscription_seat}`;
  if (item.subscription_billing_team != null) return `team ${item.subscription_billing_team} pool`;
  return item.user != null ? `user ${item.user}` : 'unassigned';
}

async function show(label: string): Promise<void> {
  // items() flattens whatever shape the listing came in and lists every consumable once.
  const items = await client.consumables.items();
  console.log(`${label}: ${items.length} consumable(s)`);
  for (const item of items) {
    const amount = item.how_many === -1 ? 'unlimited' : `${item.how_many} unit(s)`;
    console.log(`  #${item.id ?? '?'} ${amount}, held by ${holder(item)}`);
  }
}

await show('before');

// Use a subscription of the caller's, or buy a per-seat team plan when there is none yet.
const { subscriptions } = await client.subscriptions.list();
const subscription =
  subscriptions[0] ??
  (
    await client.purchase({
      plan: 'team-per-seat',
      team_seats: 3,
      card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
      chosen_period: 'MONTH',
    })
  ).subscription;

// Checkout spends money, so seatpay sends it once: it is retried only when the service provably
// never saw it. The owner pays; the new units follow the team's strategy.
const receipt = await client.consumables.checkout({
  service: 'ai-credits',
  how_many: 10,
  subscription: subscription.id,
});
console.log(
  `bought 10 ai-credits for subscription ${subscription.id}: ${receipt.amount ?? 'amount not shown'}`,
);

await show('after');
