/* global process, console */
// `seatpay` by ESM import: one real call to the loopback API the test runs (API_URL).
import { createClient, NotFoundError } from 'seatpay';

const client = createClient({ baseUrl: process.env.API_URL, token: process.env.TOKEN });
const plan = await client.plans.get('team');
console.log(
  JSON.stringify({
    runtime: process.version,
    slug: plan.slug,
    title: plan.title,
    errorClass: NotFoundError.name,
  }),
);
