/* global process, console, require */
/* eslint-disable @typescript-eslint/no-require-imports -- require() is what this script checks */
// `seatpay` by CommonJS require: one real call to the loopback API the test runs (API_URL).
const { createClient, NotFoundError } = require('seatpay');

const client = createClient({ baseUrl: process.env.API_URL, token: process.env.TOKEN });
client.plans.get('solo').then((plan) => {
  console.log(
    JSON.stringify({
      runtime: process.version,
      slug: plan.slug,
      title: plan.title,
      errorClass: NotFoundError.name,
    }),
  );
});
