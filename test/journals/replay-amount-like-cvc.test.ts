// A keyed checkout's record is the service's answer with the client's secrets hidden, and a later
// call with the same key is answered from it. A short secret (the CVC of the card the client paid
// with) was hidden wherever it stood between non-word characters, also inside a number: an
// invoice of 987.00 paid by a card whose CVC is 987 was recorded as "[REDACTED].00", and the
// replay handed the caller that amount as the service's answer. A number is not a CVC; the CVC
// said on its own still is hidden.
import { describe, expect, it } from 'vitest';
import { memoryJournal, type CheckoutResult } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CVC = '987';
const CARD = { card_number: '4242424242424242', cvc: CVC };

describe('a keyed checkout replayed after a card whose CVC is one of its numbers', () => {
  it('replays the amount, the times and the notes as the service sent them; hides the CVC said alone', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'cvc-amount@example.com' });
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (!request.url.endsWith('/consumable/checkout') || !response.ok) return response;
        const body = (await response.json()) as Record<string, unknown>;
        const answer = {
          ...body,
          amount: '987.00',
          paid_at: '2026-11-29T05:12:48.987+00:00',
          invoice_notes: `total 1,987.50; card cvc ${CVC}.`,
        };
        return Response.json(answer, { status: response.status });
      },
    });
    const bought = await client.purchase(teamPurchase(1, CARD));
    const journal = memoryJournal();
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    const first = await client.consumables.checkout({ ...order, key: 'cvc-amount', journal });
    expect(first.amount).toBe('987.00');

    const replayed: CheckoutResult = await client.consumables.checkout({
      ...order,
      key: 'cvc-amount',
      journal,
    });
    expect(replayed.amount).toBe('987.00');
    expect(replayed.paid_at).toBe('2026-11-29T05:12:48.987+00:00');
    // The CVC said on its own is still hidden in the record, and so in the replay.
    expect(replayed.invoice_notes).toBe('total 1,987.50; card cvc [REDACTED].');
    expect(JSON.stringify(await journal.get('cvc-amount'))).not.toMatch(/cvc 987/);
  });
});

describe('redactSecrets and a short number among numbers', () => {
  it.each([
    ['an amount', 'amount 987.00', 'amount 987.00'],
    ['thousands', 'total 1,987', 'total 1,987'],
    ['a time', 'at 05:12:48.987', 'at 05:12:48.987'],
    ['the CVC alone', 'cvc 987', 'cvc [REDACTED]'],
    ['the CVC ending a sentence', 'cvc 987.', 'cvc [REDACTED].'],
    ['the CVC in a form', 'cvc=987&exp=12', 'cvc=[REDACTED]&exp=12'],
    ['the CVC in JSON', '{"code":"987"}', '{"code":"[REDACTED]"}'],
  ])('%s', (_, text, shown) => {
    expect(redactSecrets(text, [CVC])).toBe(shown);
  });
});
