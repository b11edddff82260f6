// A keyed call records its parameters with the client's secrets hidden. A short token (a test
// token, a dev stack's `ai`) that is a word of the service's slug was hidden there too:
// `ai-credits` was recorded as `[REDACTED]-credits`, and the very same checkout run again with its
// key was refused as another request (KeyReuseError, "different service"): a paid order could be
// neither replayed nor re-run (the command exited 2, an input mistake, for a row that was paid).
// And one whose answer was lost could not be reconciled: the invoice's line `ai-credits` was
// never the recorded `[REDACTED]-credits`, so the key stayed unknown whatever the service listed.
import { describe, expect, it } from 'vitest';
import { KeyReuseError, memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { asUser } from '../support/as-user.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { teamPurchase } from '../support/team-purchase.js';

const SHORT_TOKEN = 'ai';

/** A client whose token is `ai`; the simulator sees its user's own token instead. */
async function shortTokenClient(listed: (body: string) => string = (body) => body) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'short-token@example.com' });
  const client = inMemoryClient(simulator, SHORT_TOKEN, {
    fetch: asUser(user.token, async (request) => {
      const answer = await simulator.handle(request);
      if (!new URL(request.url).pathname.includes('invoice')) return answer;
      // The invoice listing as a test says the service shows it.
      const { status, headers } = answer;
      return new Response(listed(await answer.text()), { status, headers });
    }),
  });
  const bought = await client.purchase(teamPurchase(1));
  const checkouts = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout');
  return { client, simulator, subscription: bought.subscription.id, checkouts };
}

describe('a keyed checkout whose service slug holds the short token', () => {
  it('is replayed under its key, not refused as another request; charged once', async () => {
    const { client, subscription, checkouts } = await shortTokenClient();
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription, key: 'order-1', journal };
    const first = await client.consumables.checkout(order);
    // The token stays hidden in what the journal holds.
    expect(JSON.stringify(await journal.get('order-1'))).toContain('"[REDACTED]-credits"');
    const again = await client.consumables.checkout(order).withResponse();
    expect(again.data.id).toBe(first.id);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(checkouts()).toHaveLength(1);
  });

  it('another service or amount under the same key is still refused, nothing sent', async () => {
    const { client, subscription, checkouts } = await shortTokenClient();
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription, key: 'order-2', journal };
    await client.consumables.checkout(order);
    await expect(client.consumables.checkout({ ...order, how_many: 2 })).rejects.toThrow(
      KeyReuseError,
    );
    await expect(
      client.consumables.checkout({ ...order, service: 'team-seat' }),
    ).rejects.toMatchObject({ name: 'KeyReuseError', differences: ['service'] });
    expect(checkouts()).toHaveLength(1);
  });
});

describe('another request hidden alike under the same key', () => {
  // Recorded `[REDACTED]-credits`, the order's slug hides the token `ai`; `AI-credits` and
  // `123-credits` (the CVC of the card the client sent) hide alike, but they are other orders:
  // replaying the first order's answer to them answered a new order with an old one, never charged.
  it.each([
    ['the token in other letter case', { service: 'AI-credits' }],
    ["the card's CVC in its place", { service: '123-credits' }],
    ['an extra field holding the CVC where the first held the token', { note: '123' }],
  ])('%s is refused as another request, nothing sent', async (_name, change) => {
    const { client, subscription, checkouts } = await shortTokenClient();
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription, key: 'order-3', journal };
    await client.consumables.checkout({ ...order, ...('note' in change ? { note: 'ai' } : {}) });
    await expect(client.consumables.checkout({ ...order, ...change })).rejects.toMatchObject({
      name: 'KeyReuseError',
      differences: [Object.keys(change)[0]],
    });
    expect(checkouts()).toHaveLength(1);
  });
});

describe('a lost keyed checkout whose service slug holds the short token', () => {
  it('is reconciled from its invoice: charged, then replayed, never sent again', async () => {
    const { client, simulator, subscription, checkouts } = await shortTokenClient();
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 3, subscription, key: 'lost-1', journal };
    await checkoutAnswerLost(simulator, client, order);
    const result = await client.journal.reconcile('lost-1', { journal });
    expect(result.charged).toBe('yes');
    expect(result.evidence).toMatch(/^invoice \d+ of 3 × \[REDACTED\]-credits/);
    const replayed = await client.consumables.checkout(order).withResponse();
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(checkouts()).toHaveLength(1);
  });
});

describe('a lost keyed checkout and an invoice of another service hidden alike', () => {
  it('is not settled as charged by the line AI-credits', async () => {
    // The order `ai-credits` went out and its answer was lost; the invoice the service lists is of
    // `AI-credits`, hidden alike (`[REDACTED]-credits`) but another service's line: settling the
    // key as charged on it would replay a charge that is not this order's.
    const rename = (body: string) => body.replaceAll('"ai-credits"', '"AI-credits"');
    const { client, simulator, subscription } = await shortTokenClient(rename);
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 3, subscription, key: 'lost-2', journal };
    await checkoutAnswerLost(simulator, client, order);
    const result = await client.journal.reconcile('lost-2', { journal });
    expect(result.charged).not.toBe('yes');
    expect(await journal.get('lost-2')).toMatchObject({ charged: 'unknown' });
  });
});
