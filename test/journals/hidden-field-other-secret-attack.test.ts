// A keyed call records its parameters with the client's secrets hidden, and a differing field was
// taken for the same when the record, its markers put back to the client's token, is exactly the
// new value. But a marker does not say which secret it hid: a first order whose note held the
// card's CVC (`123`, recorded `[REDACTED]`), or the token in another letter case (`AI`), read
// back as the token (`ai`), and a second order with the note `ai` under the same key was answered
// with the first order's replay: a new order told it was made, never sent.
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { asUser } from '../support/as-user.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { GOOD_CARD, teamPurchase } from '../support/team-purchase.js';

const SHORT_TOKEN = 'ai';
const CVC = '123';

/** A client whose token is `ai` and whose card's CVC is `123`; the simulator sees its user's token. */
async function shortTokenClient(identity?: string) {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'hidden-field@example.com' });
  const client = inMemoryClient(simulator, SHORT_TOKEN, {
    fetch: asUser(user.token, (request) => simulator.handle(request)),
  });
  const bought = await client.purchase(teamPurchase(1, { ...GOOD_CARD, cvc: CVC }));
  const checkouts = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout');
  const order = {
    service: 'ai-credits',
    how_many: 1,
    subscription: bought.subscription.id,
    journal: memoryJournal(),
    ...(identity === undefined ? {} : { identity }),
  };
  // An order with a note: a field the typed input does not name, recorded as given (the journal
  // keeps the whole input).
  const noted = (key: string, note: string) =>
    ({ ...order, key, note }) as typeof order & { key: string };
  return { client, simulator, noted, checkouts };
}

describe('a field hidden by another secret, then the token under the same key', () => {
  it.each([
    ["the card's CVC", CVC],
    ['the token in other letter case', 'AI'],
    ['the token in an escaped form', '%61i'],
  ])(
    'a note holding %s, then the note "ai": refused as another request, nothing replayed',
    async (_name, first) => {
      const { client, noted, checkouts } = await shortTokenClient();
      await client.consumables.checkout(noted('note-1', first));
      await expect(client.consumables.checkout(noted('note-1', SHORT_TOKEN))).rejects.toMatchObject(
        { name: 'KeyReuseError', differences: ['note'] },
      );
      expect(checkouts()).toHaveLength(1);
    },
  );

  it('with an identity too', async () => {
    const { client, noted, checkouts } = await shortTokenClient('user-7');
    await client.consumables.checkout(noted('note-2', CVC));
    await expect(client.consumables.checkout(noted('note-2', SHORT_TOKEN))).rejects.toMatchObject({
      name: 'KeyReuseError',
      differences: ['note'],
    });
    expect(checkouts()).toHaveLength(1);
  });
});

describe('the same order run again under its key', () => {
  it.each([
    ['the token', SHORT_TOKEN],
    ['the token in other letter case', 'AI'],
    ["the card's CVC", CVC],
    ['the token twice', 'ai, then ai again'],
    ['the token and the CVC', 'ai and 123'],
  ])('a note holding %s is replayed, charged once', async (_name, note) => {
    const { client, noted, checkouts } = await shortTokenClient();
    const first = await client.consumables.checkout(noted('same-1', note));
    const again = await client.consumables.checkout(noted('same-1', note)).withResponse();
    expect(again.data.id).toBe(first.id);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(checkouts()).toHaveLength(1);
  });
});

describe('a lost order whose service was hidden by another secret', () => {
  it("is not settled as charged by a later invoice of the token's service", async () => {
    const { client, simulator, noted, checkouts } = await shortTokenClient();
    const order = { ...noted('lost-cvc', 'n'), how_many: 3 };
    // The order `123-credits` (a service named like the card's CVC) goes out; its answer is lost.
    await checkoutAnswerLost(simulator, client, { ...order, service: `${CVC}-credits` });
    const { journal } = order;
    expect(await journal.get('lost-cvc')).toMatchObject({
      params: { service: '[REDACTED]-credits' },
    });
    // Later, another order of 3 `ai-credits`, without a key: its invoice is no charge of the key.
    const before = checkouts().length;
    await client.consumables.checkout({
      service: 'ai-credits',
      how_many: 3,
      subscription: order.subscription,
    });
    expect(checkouts()).toHaveLength(before + 1);
    const result = await client.journal.reconcile('lost-cvc', { journal });
    expect(result.charged).not.toBe('yes');
    expect(await journal.get('lost-cvc')).toMatchObject({ charged: 'unknown' });
  });
});
