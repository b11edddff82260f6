// A CVC echoed in forms the labelled rule missed (short-number-forms.ts): a label ending in a
// digit (`CVV2:987`: the number's guard against `1.987` took the label's 2 for an amount's),
// another language's label (`Prüfziffer 987`), an invisible mark between its digits (a soft
// hyphen, a zero-width space), and, in a journal's record, right after a masked card's last four
// (`**** 4242 987`). What stays: numbers that are not it (`inv-987`, `1.987`, `10:41:07.987`).
// A whole value `"987"` (a quantity as text) is hidden in a record: the safe side for a secret,
// though that replay answers `[REDACTED]` there.
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CVC = '987';
const CARD = { card_number: '4242424242424242', cvc: CVC };
/** Echoed so that a label still names it: hidden in errors, logs and a record alike. */
const LABELLED = [
  'CVV2:987',
  'CVC2 987',
  'cvv2=987',
  'Prüfziffer 987',
  'Kartenprüfnummer: 987',
  'código de seguridad: 987',
  'cryptogramme visuel 987',
  'cvc 9\u00ad87',
  'cvc 9\u200b87',
  'cvc 9\\u200b87',
  'card **** 4242 987',
  '•••• 4242 / 987',
];
/** Its digits inside other numbers: never hidden in a record. */
const OTHER_NUMBERS = ['inv-987', 'cvc 1.987', '10:41:07.987', 'total 1,987 EUR'];

describe('a CVC echoed with a label the rule missed', () => {
  it.each(LABELLED)('%s is hidden by redactSecrets', (text) => {
    expect(redactSecrets(`note: ${text}.`, [CVC])).not.toMatch(/9\D{0,6}8\D{0,6}7/);
  });

  it('stands alone with an invisible mark inside: hidden in printed text', () => {
    for (const text of ['9\u00ad87', '9\u200b87', '98\ufeff7']) {
      expect(redactSecrets(`ref ${text} ok`, [CVC])).toBe('ref [REDACTED] ok');
    }
  });
});

describe("a keyed checkout's record after a card whose CVC is 987", () => {
  it('hides each labelled echo and replays the other numbers as sent', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'cvc-echo-forms@example.com' });
    const notes = [...LABELLED, ...OTHER_NUMBERS].join('; ');
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (!request.url.endsWith('/consumable/checkout')) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, invoice_notes: notes });
      },
    });
    const bought = await client.purchase(teamPurchase(1, CARD));
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    const journal = memoryJournal();
    await client.consumables.checkout({ ...order, key: 'echo-forms', journal });
    const replayed = await client.consumables.checkout({ ...order, key: 'echo-forms', journal });
    const record = JSON.stringify(await journal.get('echo-forms'));
    for (const text of OTHER_NUMBERS) expect(replayed.invoice_notes).toContain(text);
    for (const text of LABELLED) {
      expect(replayed.invoice_notes).not.toContain(text);
      expect(record).not.toContain(JSON.stringify(text).slice(1, -1));
    }
    expect(replayed.invoice_notes).not.toMatch(/\d{4}\D{1,4}9\D{0,6}8\D{0,6}7/);
  });
});
