// Lists what the caller may consume, by who holds it (owner, seat or team pool), then buys more
// AI credits for a subscription.
// Run: SEATPAY_BASE_URL=http://127.0.0.1:4010 SEATPAY_TOKEN=... npx tsx examples/consumables.ts
import { createClient, type Consumable } from '../src/index.js';

const baseUrl = process.env.SEATPAY_BASE_URL;
const token = process.env.SEATPAY_TOKEN;
if (!baseUrl || !token) {
  console.error(
    'usage: SEATPAY_BASE_URL=<url> SEATPAY_TOKEN=<token> npx tsx examples/consumables.ts',
  );
  process.exit(1);
}
const client = createClient({ baseUrl, token });

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

const { subscriptions } = await client.subscriptions.list();
const subscription = subscriptions[0];
if (!subscription) {
  console.log('no subscription to buy credits for: run examples/plans-and-checking.ts first');
  process.exit(0);
}

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
