// Review of the CVC labels in other languages (redteam10): 码 alone was made a label, so 号码
// ('number') and 页码 ('page number') named a CVC too: an order number or a page equal to the
// CVC's digits was replayed as [REDACTED] from a keyed call's record, where `order number 987`
// comes back as it was. The labels that do name it are still hidden.
import { expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CVC = '987';

it("a keyed checkout's replay keeps a Chinese order number and page equal to the CVC", async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'cvc-labels-review@example.com' });
  const notes = [
    '订单号码 987',
    '電話號碼：987',
    '页码 987',
    'order number 987',
    '安全码 987',
    'CVV码：987',
  ];
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await simulator.handle(request);
      if (!request.url.endsWith('/consumable/checkout')) return response;
      return Response.json({ ...(await response.json()), invoice_notes: notes.join(' | ') });
    },
  });
  const bought = await client.purchase(
    teamPurchase(1, { card_number: '4242424242424242', cvc: CVC }),
  );
  const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
  const journal = memoryJournal();
  await client.consumables.checkout({ ...order, key: 'labels-review-1', journal });
  const replayed = await client.consumables.checkout({ ...order, key: 'labels-review-1', journal });
  expect(String(replayed.invoice_notes).split(' | ')).toEqual([
    '订单号码 987',
    '電話號碼：987',
    '页码 987',
    'order number 987',
    '安全码 [REDACTED]',
    'CVV码：[REDACTED]',
  ]);
});
