import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { mapJournal } from '../support/map-journal.js';
import { GOOD_CARD, teamPurchase } from '../support/team-purchase.js';

// A keyed checkout hands back the service's own answer (its response read, and searched for the
// client's secrets, only when asked for), and the journal keeps its own copy of what it records:
// nothing the caller does afterwards to its input, to the result, or to a record it read changes
// what a re-run replays.

async function setUp(echoToken = false) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'copies@example.com' });
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const response = await simulator.handle(new Request(input, init));
      if (!echoToken) return response;
      // A service that echoes the caller's token in a header of its answer.
      const headers = new Headers(response.headers);
      headers.set('x-echo', `seen ${user.token}`);
      return new Response(response.body, { status: response.status, headers });
    },
  });
  const { subscription } = await client.purchase(teamPurchase(1));
  const charges = () =>
    simulator.charges.filter((charge) => charge.kind === 'consumable-checkout').length;
  return { client, user, subscription, charges };
}

describe('a keyed checkout', () => {
  it("answers with the service's response: its request id, its body, an echoed token hidden", async () => {
    const { client, user, subscription } = await setUp(true);
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    const { data, response, requestId } = await client.consumables
      .checkout({ ...order, key: 'answer-1', journal: memoryJournal() })
      .withResponse();
    expect(response.status).toBe(201); // as the service answered (a replay says 200)
    expect(requestId).toMatch(/\S/);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    expect(response.headers.get('idempotent-replayed')).toBeNull();
    expect(response.headers.get('x-echo')).not.toContain(user.token);
    expect(response.headers.get('x-echo')).toContain('[REDACTED]');
    expect(JSON.parse(await response.text())).toEqual(data);

    const raw = await client.consumables
      .checkout({ ...order, key: 'answer-2', journal: memoryJournal() })
      .asResponse();
    expect(raw.status).toBe(201);
    expect(raw.headers.get('x-echo')).not.toContain(user.token);
    expect((await raw.json()) as { id: number }).toMatchObject({ status: 'FULFILLED' });
  });

  for (const [name, make] of [
    ['memoryJournal', () => memoryJournal()],
    // Keeps the very objects it is given (no JSON): the strictest case for copies.
    ['a journal that keeps the objects it is given', () => mapJournal()],
  ] as const) {
    it(`with ${name}: the caller changing its input, the result or a record read after the call changes nothing recorded`, async () => {
      const { client, subscription, charges } = await setUp();
      const journal = make();
      const input = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
      const result = await client.consumables.checkout({ ...input, key: 'mine', journal });
      const recorded = JSON.stringify(await journal.get('mine'));
      const bought = charges();

      // Everything the caller holds, changed after the call.
      input.how_many = 7;
      const id = result.id;
      (result as { id: number }).id = -1;
      (result.currency as { code: string }).code = 'XXX';
      expect(JSON.stringify(await journal.get('mine'))).toBe(recorded);
      if (name === 'memoryJournal') {
        // A record read from memoryJournal is the caller's copy too.
        const read = (await journal.get('mine'))!;
        if (read.kind === 'checkout') {
          read.params.how_many = 9;
          (read.result as { id: number }).id = -2;
        }
        expect(JSON.stringify(await journal.get('mine'))).toBe(recorded);
      }

      const again = await client.consumables.checkout({
        service: 'ai-credits',
        how_many: 1,
        subscription: subscription.id,
        key: 'mine',
        journal,
      });
      expect(charges()).toBe(bought);
      expect(again.id).toBe(id);
      expect(again.currency?.code).toBe('USD');
    });
  }

  // A journal that keeps the very objects it is given hands a replay the record's own objects: a
  // replayed answer is the caller's copy all the same, or changing it would change later replays.
  it('with a journal that keeps the objects it is given: a replayed answer changed by its caller changes no later replay', async () => {
    const { client, subscription, charges } = await setUp();
    const journal = mapJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    const first = await client.consumables.checkout({ ...order, key: 'replayed', journal });
    const bought = charges();
    const replayed = await client.consumables.checkout({ ...order, key: 'replayed', journal });
    (replayed as { id: number }).id = -1;
    (replayed.currency as { code: string }).code = 'XXX';
    const again = await client.consumables.checkout({ ...order, key: 'replayed', journal });
    expect(charges()).toBe(bought);
    expect([again.id, again.currency?.code]).toEqual([first.id, 'USD']);
  });
});

describe('a keyed purchase replayed from a journal that keeps the objects it is given', () => {
  it('hands back its own copy: the caller changing it changes no later replay', async () => {
    const { client } = await setUp();
    const journal = mapJournal();
    const buy = { ...teamPurchase(1, GOOD_CARD), key: 'bought', journal };
    const first = await client.purchase(buy);
    const replayed = await client.purchase(buy);
    (replayed.subscription as { id: number }).id = -1;
    (replayed.plan as { slug: string }).slug = 'changed';
    replayed.consumables.length = 0;
    const again = await client.purchase(buy);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(again.plan.slug).toBe(first.plan.slug);
    expect(again.consumables).toEqual(first.consumables);
  });
});
