/* global process, console, require */
/* eslint-disable @typescript-eslint/no-require-imports -- require() is what this script checks */
// `seatpay/mock` by CommonJS require (test runners that load CJS): the simulator over real HTTP
// answers the installed client. msw is not installed here: it is an optional peer dependency.
const { createClient } = require('seatpay');
const { startMockServer } = require('seatpay/mock');

startMockServer({ port: 0 }).then(async (server) => {
  try {
    const client = createClient({ baseUrl: server.url, token: server.simulator.users.owner.token });
    const plan = await client.plans.get('personal');
    console.log(JSON.stringify({ runtime: process.version, slug: plan.slug }));
  } finally {
    await server.close();
  }
});
