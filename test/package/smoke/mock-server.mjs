/* global process, console */
// `seatpay/mock` by ESM import: the simulator over real HTTP answers the installed client.
// msw is not installed here, as in most users' projects: it is an optional peer dependency.
import { createClient } from 'seatpay';
import { startMockServer } from 'seatpay/mock';

const server = await startMockServer({ port: 0 });
try {
  const client = createClient({ baseUrl: server.url, token: server.simulator.users.owner.token });
  const plan = await client.plans.get('personal');
  console.log(JSON.stringify({ runtime: process.version, slug: plan.slug }));
} finally {
  await server.close();
}
