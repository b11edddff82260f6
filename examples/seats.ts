// Manages the seats of a team subscription: add a member, hand the seat to someone else, remove it.
// The script leaves the team as it found it, so it can be run again.
// Run: `npm run example -- seats` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import { APIError, createClient, type Seat } from '../src/index.js';

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
    })
  ).subscription.id;

const show = (label: string, seats: Seat[]) =>
  console.log(
    `${label}: ${seats.map((s) => `${s.email}${s.is_active ? '' : ' (inactive)'}`).join(', ') || 'no seats'}`,
  );

show('seats now', await client.seats.list(subscriptionId));

// Unique addresses, so that running the script twice does not collide with the first run.
const stamp = Date.now();
const ada = `ada+${stamp}@example.com`;
const eve = `eve+${stamp}@example.com`;

try {
  // A seat's `user` stays null until someone with that email registers.
  const added = await client.seats.add(subscriptionId, [{ email: ada, first_name: 'Ada' }]);
  show('the service answered', added);

  const replaced = await client.seats.replace(subscriptionId, [{ from_email: ada, to_email: eve }]);
  show('the service answered', replaced);

  // Removing answers with no body: the promise resolves to undefined.
  const seat = replaced.find((s) => s.email === eve);
  if (seat) await client.seats.remove(subscriptionId, seat.id);
  show('after remove', await client.seats.list(subscriptionId));
} catch (error) {
  // The owner-only rule and the seat limit are the service's to enforce; show what it said.
  if (!(error instanceof APIError)) throw error;
  console.log(`the service refused: ${error.name} ${error.status}: ${error.message}`);
}
