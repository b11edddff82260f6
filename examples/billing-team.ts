// Reads a subscription's billing team and turns on auto-recharge with a spending cap.
// Run: `npm run example -- billing-team` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import { createClient, OwnerOnlyError, spendingOf, type BillingTeam } from '../src/index.js';

// No options: the base URL and token come from SEATPAY_BASE_URL and SEATPAY_TOKEN.
const client = createClient();

// Use a team subscription of the caller's, or buy a per-seat team plan when there is none yet.
const { subscriptions } = await client.subscriptions.list();
const subscriptionId =
  subscriptions.find((s) => s.has_billing_team !== false)?.id ??
  (
    await client.purchase({
      plan: 'team-per-seat',
      team_seats: 3,
      card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
      chosen_period: 'MONTH',
      onStep: ({ step }) => console.log(`  purchase: ${step}`),
    })
  ).subscription.id;

// The team comes in three shapes whose cap and spend fields have different names;
// spendingOf() reads whichever the answer used, and says null when the shape has none. The
// PATCH answer has no seats_count: read the team again (billingTeam.get) for the seats in use.
function show(label: string, team: BillingTeam): void {
  const { cap, spent } = spendingOf(team);
  const seats =
    team.seats_count === undefined
      ? `${team.seats_limit} seats (this answer has no count in use)`
      : `${team.seats_count}/${team.seats_limit} seats`;
  console.log(
    `${label}: ${team.name ?? `team ${team.id}`}, ${team.consumption_strategy ?? 'strategy not shown'}, ` +
      `${seats}, auto-recharge ${team.auto_recharge_enabled ?? 'not shown'}, ` +
      `spent ${spent ?? 'not shown'} of ${cap ?? 'no cap'}`,
  );
}

try {
  show('now', await client.billingTeam.get(subscriptionId));

  // PATCH changes only what is named. Amounts are decimal strings, so no float rounding creeps in.
  const patched = await client.billingTeam.update(subscriptionId, {
    auto_recharge_enabled: true,
    recharge_threshold_amount: '5.00',
    recharge_amount: '10.00',
    max_monthly_spend: '50.00',
  });
  show('after PATCH', patched);

  // PUT sets the whole configuration; a null cap means "no spending limit".
  const replaced = await client.billingTeam.replace(subscriptionId, {
    auto_recharge_enabled: true,
    recharge_threshold_amount: '5.00',
    recharge_amount: '20.00',
    max_period_spend: '100.00',
  });
  show('after PUT', replaced);
} catch (error) {
  // Only the subscription owner may read or change team settings.
  if (!(error instanceof OwnerOnlyError)) throw error;
  console.log(`not allowed: ${error.message}`);
}
