import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A service that echoes the caller's token in the *name* of a header. An error's headers hide it
// (they are redacted as an object, keys included); the answer handed on by withResponse() and
// asResponse(), keyed checkout or plain call, must hide it too.

async function setUp() {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'header-name@example.com' });
  const echoName = `x-echo-${user.token}`;
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const response = await simulator.handle(new Request(input, init));
      const headers = new Headers(response.headers);
      headers.set(echoName, 'seen');
      return new Response(response.body, { status: response.status, headers });
    },
  });
  const { subscription } = await client.purchase(teamPurchase(1));
  return { client, user, subscription };
}

const namesOf = (response: Response) => [...response.headers.keys()].join('\n');

describe('a header whose name echoes the token', () => {
  it('is not handed on by a keyed checkout, withResponse() or asResponse()', async () => {
    const { client, user, subscription } = await setUp();
    expect(user.token).toMatch(/^[\w-]+$/); // a valid header name, as the service sent it
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    const { response } = await client.consumables
      .checkout({ ...order, key: 'name-1', journal: memoryJournal() })
      .withResponse();
    expect(response.status).toBe(201);
    expect(namesOf(response)).not.toContain(user.token);
    const raw = await client.consumables
      .checkout({ ...order, key: 'name-2', journal: memoryJournal() })
      .asResponse();
    expect(namesOf(raw)).not.toContain(user.token);
  });

  it('is not handed on by a plain call either', async () => {
    const { client, user } = await setUp();
    const { response } = await client.plans.get('team-per-team').withResponse();
    expect(namesOf(response)).not.toContain(user.token);
    expect(namesOf(await client.plans.get('team-per-team').asResponse())).not.toContain(user.token);
  });
});
