// A program that is not seatpay, for the deployed server: through the client @hey-api/openapi-ts
// generated from the deployed document seatpay-mock serves (copied next to it, under client/), it
// reads a plan and prints what the listing of subscriptions holds.
import { createClient } from './client/client/index.js';
import { getPlan, listSubscriptions } from './client/sdk.gen.js';

const [baseUrl, token] = process.argv.slice(2) as [string, string];
// The deployed document's scheme is an Authorization header whose value is `Token <your token>`.
const client = createClient({ baseUrl, auth: () => `Token ${token}` });
const on = { client, throwOnError: true } as const;

const { data: plan } = await getPlan({ ...on, path: { plan_slug: 'team-per-seat' } });
const { data: listing } = await listSubscriptions(on);
console.log(
  JSON.stringify({
    plan: { id: plan.id, slug: plan.slug },
    subscriptions: listing.subscriptions.map((subscription) => subscription.id),
  }),
);
