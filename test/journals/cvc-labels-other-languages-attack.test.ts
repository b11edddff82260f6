// What a journal keeps of a keyed call's answers (and replays) hides a CVC's digits only where a
// label names them: `inv-987` is an invoice, not a CVC. The labels were English and a few Latin
// languages: an answer that said `セキュリティコード: 987`, `安全码 987`, `код безопасности 987`,
// `CVC-код: 987` or `CVC (3 digits): 987` was recorded, a card's CVC at rest in the journal, and
// replayed. Those names now count, in the record as in errors.
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CVC = '987';
const CARD = { card_number: '4242424242424242', cvc: CVC };
const LABELLED = [
  'セキュリティコード: 987',
  'セキュリティーコード987',
  '安全码：987',
  '安全碼 987',
  '보안코드 987',
  'код безопасности: 987',
  'CVC-код: 987',
  'güvenlik kodu 987',
  'kod zabezpieczający 987',
  'رمز الأمان 987',
  'CVC (3 digits): 987',
];
/** The same digits unnamed: kept in the record, replayed as they came. */
const UNNAMED = ['inv-987', 'заказ 987', '注文 987'];

describe('a CVC named in another language', () => {
  it.each(LABELLED)('%s is hidden by redactSecrets', (text) => {
    expect(redactSecrets(`note: ${text}.`, [CVC])).not.toContain(CVC);
  });

  it("is hidden in a keyed checkout's record and its replay; unnamed numbers are kept", async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'cvc-languages@example.com' });
    const notes = [...UNNAMED, ...LABELLED].join('; ');
    let answering = false;
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (!answering || !request.url.endsWith('/consumable/checkout')) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, invoice_notes: notes });
      },
    });
    const bought = await client.purchase(teamPurchase(1, CARD));
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    answering = true;
    const journal = memoryJournal();
    const first = await client.consumables.checkout({ ...order, key: 'cvc-lang', journal });
    expect(first.invoice_notes).toBe(notes);
    const replayed = await client.consumables.checkout({ ...order, key: 'cvc-lang', journal });
    const record = JSON.stringify(await journal.get('cvc-lang'));
    for (const text of UNNAMED) {
      expect(record).toContain(text);
      expect(replayed.invoice_notes).toContain(text);
    }
    for (const text of LABELLED) {
      expect(record).not.toContain(text);
      expect(replayed.invoice_notes).not.toContain(text);
    }
  });
});
