// purchase() checked `exclude` (options.exclude read once), then the flow read it again to list
// the ids to pass over: a Proxy whose `length` answered the check with 1 and the flow with
// 2,000,000 failed the purchase at its pay step, after the plan, preview, bag and card requests
// had gone out (an argument error must mean nothing was sent). The checked copy is what the flow
// uses now.
import { afterEach, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createSimulator, startMockServer, type MockServer } from '../../src/mock/index.js';
import { anyProfilePurchase } from '../support/team-purchase.js';

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server?.simulator.close();
});

it('purchase() uses the exclude it checked: a length that grows after the check is never read', async () => {
  server = await startMockServer({ simulator: createSimulator({ subscriptionDelayMs: 10 }) });
  const { token } = server.simulator.users.owner;
  const client = createClient({ baseUrl: server.url, token, logLevel: 'off' });
  let lengthReads = 0;
  const exclude = new Proxy([999_999], {
    get: (target, key, receiver) =>
      key === 'length' && lengthReads++ > 0 ? 2_000_000 : Reflect.get(target, key, receiver),
  });
  const result = await client.purchase(anyProfilePurchase({ exclude }));
  expect(result.subscription.id).not.toBe(999_999);
  expect(server.simulator.charges).toHaveLength(1);
  expect(lengthReads).toBe(1);
});
