// A program that is not seatpay: it talks to the service only through the client that
// @hey-api/openapi-ts generated from the document seatpay-mock serves (copied next to it, under
// client/, by generated-client.full.test.ts). It reads a plan, buys it as SERVICE.md says (profile
// 'spec'), and prints what the listing of subscriptions holds.
import { createClient } from './client/client/index.js';
import { checking, getPlan, listSubscriptions, pay, registerCard } from './client/sdk.gen.js';

const [baseUrl, token] = process.argv.slice(2) as [string, string];
// The spec document's scheme is http bearer: the generated client adds "Bearer ".
const client = createClient({ baseUrl, auth: () => token });
// Every call throws on an error answer, so `data` is the documented success body.
const on = { client, throwOnError: true } as const;

const { data: plan } = await getPlan({ ...on, path: { plan_slug: 'team-per-seat' } });
const { data: bag } = await checking({
  ...on,
  body: { type: 'BAG', plans: [plan.id!], team_seats: 2 },
});
await registerCard({
  ...on,
  body: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2035' },
});
await pay({ ...on, body: { token: String(bag.token), chosen_period: 'MONTH' } });

let listing = (await listSubscriptions(on)).data;
// The subscription appears a moment after paying: poll, a bounded number of times.
for (let poll = 0; listing.subscriptions.length === 0 && poll < 200; poll++) {
  await new Promise((resolve) => setTimeout(resolve, 25));
  listing = (await listSubscriptions(on)).data;
}
console.log(
  JSON.stringify({
    plan: { id: plan.id, slug: plan.slug },
    subscriptions: listing.subscriptions.map((subscription) => subscription.id),
  }),
);
