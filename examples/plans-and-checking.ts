// Reads both team plans, prices them for a seat count, then buys one step by step: bag, card, pay,
// and waiting for the subscription (`client.purchase()` does all of this in one call).
// Run: `npm run example -- plans-and-checking` (against the simulator), or with SEATPAY_BASE_URL and
// SEATPAY_TOKEN set, against that server.
import { createClient, type Plan } from '../src/index.js';

// No options: the base URL and token come from SEATPAY_BASE_URL and SEATPAY_TOKEN.
const client = createClient();
const SEATS = 3;

// SERVICE.md wants plan ids in `plans`; fall back to the slug when a plan shows no id.
const planRef = (plan: Plan) => plan.id ?? plan.slug;

// Price both strategies for the same team size. Amounts are decimal strings: print them as they are.
for (const slug of ['team-per-seat', 'team-per-team']) {
  const plan = await client.plans.get(slug);
  const preview = await client.checking.preview({ plans: [planRef(plan)], team_seats: SEATS });
  console.log(
    `${plan.slug} (${plan.consumption_strategy ?? 'strategy not shown'}): ` +
      `${preview.amount_per_month ?? '-'} a month, ${preview.amount_per_year ?? '-'} a year for ${SEATS} seats`,
  );
}

// Remember the subscriptions that exist now: the new one is created asynchronously after paying,
// and these ids tell it apart from the old ones while polling.
const before = (await client.subscriptions.list()).subscriptions.map((s) => s.id);

const plan = await client.plans.get('team-per-seat');
const bag = await client.checking.bag({ plans: [planRef(plan)], team_seats: SEATS });
console.log(`bag created, token ${bag.token.slice(0, 8)}…`);

// The card number and CVC never appear in seatpay's errors or logs.
await client.card.register({
  card_number: '4242424242424242',
  cvc: '123',
  exp_month: '12',
  exp_year: '2035',
});

// Paying is never retried by seatpay once it may have reached the service: no double charge.
const payment = await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
console.log(`paid: ${payment.amount ?? '(amount not shown)'} ${payment.status ?? ''}`.trim());

const subscription = await client.subscriptions.waitFor({
  exclude: before,
  timeout: 120_000,
  onPoll: ({ attempt, elapsedMs }) => console.log(`  poll ${attempt} after ${elapsedMs} ms`),
});
console.log(
  `subscription ${subscription.id} is ready (${subscription.status ?? 'status not shown'})`,
);
