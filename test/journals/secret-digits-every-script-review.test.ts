// Review of the digits of other scripts (redteam10): only four scripts were searched (full-width,
// Arabic-Indic, Persian, Devanagari). A card number or CVC echoed in Thai, Bengali, Mongolian or
// mathematical bold digits (`𝟒𝟐`) was printed as is, and so was half a card number in any script
// but ASCII (pieces were searched in ASCII only). And the other way: an amount equal to the CVC in
// full-width or Arabic digits (`９８７．００`, `١٬٩٨٧`) was cut where `987.00` is not: its
// separators were not known as a number's.
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { redactSecrets } from '../../src/node.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CARD_NUMBER = '4242424242424242';
const CVC = '987';
const SECRETS = [CARD_NUMBER, CVC];

const inScript = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));

const SCRIPTS = {
  Thai: 0x0e50,
  Bengali: 0x09e6,
  Mongolian: 0x1810,
  'mathematical bold': 0x1d7ce,
  'mathematical monospace': 0x1d7f6,
  'full-width': 0xff10,
};

describe('a card number and a CVC in any script', () => {
  it.each(Object.entries(SCRIPTS))('%s: the card, half of it and the CVC', (_, zero) => {
    const card = inScript(CARD_NUMBER, zero);
    const half = inScript(CARD_NUMBER.slice(0, 9), zero);
    const shown = redactSecrets(`card ${card}; first ${half} then; CVC: ${inScript(CVC, zero)}.`, [
      ...SECRETS,
    ]);
    expect(shown).toBe('card [REDACTED]; first [REDACTED] then; CVC: [REDACTED].');
  });

  it('digits of several scripts in one number', () => {
    const shown = redactSecrets('card ４2٤٢4242๔๒42𝟒𝟐42४२ ok, CVC ９8٧ ok', [...SECRETS]);
    expect(shown).toBe('card [REDACTED] ok, CVC [REDACTED] ok');
  });
});

describe('an amount or a time equal to the CVC in another script', () => {
  const healthy = [
    '合計 ９８７．００ 円',
    '合計 １，９８７ 円',
    'المبلغ ٩٨٧٫٠٠',
    'المبلغ ١٬٩٨٧',
    '時刻 １０：４１：９８７',
  ];
  it.each(healthy)('%s is left as it is, as 987.00 is', (text) => {
    expect(redactSecrets(text, [...SECRETS])).toBe(text);
  });

  it("is replayed as it came from a keyed checkout's record; a Thai card in it is not", async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'digits-every-script@example.com' });
    const notes = `コード ９８７．００ 円; paid with ${inScript(CARD_NUMBER, 0x0e50)}`;
    const client = inMemoryClient(simulator, user.token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await simulator.handle(request);
        if (!request.url.endsWith('/consumable/checkout')) return response;
        return Response.json({ ...(await response.json()), invoice_notes: notes });
      },
    });
    const bought = await client.purchase(teamPurchase(1, { card_number: CARD_NUMBER, cvc: CVC }));
    const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
    const journal = memoryJournal();
    await client.consumables.checkout({ ...order, key: 'every-script-1', journal });
    const replayed = await client.consumables.checkout({
      ...order,
      key: 'every-script-1',
      journal,
    });
    expect(replayed.invoice_notes).toBe('コード ９８７．００ 円; paid with [REDACTED]');
    expect(JSON.stringify(await journal.get('every-script-1'))).not.toContain(
      inScript(CARD_NUMBER, 0x0e50),
    );
  });
});
