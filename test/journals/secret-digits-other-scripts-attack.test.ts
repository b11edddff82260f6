// A service may echo a card number or a CVC in another script's digits: a CJK page's full-width
// ones (`４２４２…`), Arabic-Indic (`٤٢٤٢…`), Persian, Devanagari. The number is the same to whoever
// reads it, and it was printed as is in errors, log lines and a keyed call's journal record: the
// forms looked for only the ASCII digits. A digit is now found in any of those scripts.
import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';
import {
  answeredCheckoutClient,
  shownOf,
  type CheckoutAnswer,
} from '../support/answered-checkout.js';

const CARD_NUMBER = '4242424242424242';
const CVC = '987';
const CARD = { card_number: CARD_NUMBER, cvc: CVC };

/** `text`'s ASCII digits written from another script's zero. */
const inScript = (text: string, zero: number) =>
  text.replace(/\d/g, (digit) => String.fromCodePoint(zero + Number(digit)));

const SCRIPTS = {
  'full-width': 0xff10,
  'Arabic-Indic': 0x0660,
  Persian: 0x06f0,
  Devanagari: 0x0966,
};
/** The card and the CVC as each script echoes them, grouped as a page shows a card. */
const ECHOES = Object.entries(SCRIPTS).map(([name, zero]) => ({
  name,
  card: inScript('4242 4242 4242 4242', zero),
  cardWhole: inScript(CARD_NUMBER, zero),
  cvc: inScript(CVC, zero),
}));

const paidClient = (checkout: { answer?: CheckoutAnswer }, log?: unknown[][]) =>
  answeredCheckoutClient('digits-scripts@example.com', CARD, checkout, log);

describe('a card number and a CVC in another script', () => {
  it.each(ECHOES)('$name: hidden by redactSecrets', ({ card, cardWhole, cvc }) => {
    const shown = redactSecrets(`card ${card} (${cardWhole}), CVC: ${cvc}.`, [CARD_NUMBER, CVC]);
    expect(shown).toBe('card [REDACTED] ([REDACTED]), CVC: [REDACTED].');
  });

  it('are hidden in an error that quotes them, its body, its printing and the log', async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const log: unknown[][] = [];
    const { client, order } = await paidClient(checkout, log);
    const quoted = ECHOES.map(({ card, cvc }) => `カード番号 ${card} セキュリティコード ${cvc}`);
    checkout.answer = async () =>
      Response.json({ detail: `declined: ${quoted.join('; ')}` }, { status: 400 });
    const error = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    const shown = shownOf(error, log);
    expect(shown).toContain('declined');
    for (const { card, cvc } of ECHOES) {
      expect(shown).not.toContain(card);
      expect(shown).not.toContain(`コード ${cvc}`);
    }
  });

  it("are hidden in a keyed checkout's record and its replay", async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const { client, order } = await paidClient(checkout);
    const notes = ECHOES.map(({ cardWhole, cvc }) => `paid with ${cardWhole}, cvc ${cvc}`).join(
      '; ',
    );
    checkout.answer = async (simulated) => {
      const body = (await simulated.json()) as Record<string, unknown>;
      return Response.json({ ...body, invoice_notes: notes });
    };
    const journal = memoryJournal();
    const first = await client.consumables.checkout({ ...order, key: 'digits-1', journal });
    expect(first.invoice_notes).toBe(notes);
    const replayed = await client.consumables.checkout({ ...order, key: 'digits-1', journal });
    const record = JSON.stringify(await journal.get('digits-1'));
    expect(replayed.invoice_notes).toContain('paid with');
    for (const { cardWhole, cvc } of ECHOES) {
      expect(record).not.toContain(cardWhole);
      expect(record).not.toContain(`cvc ${cvc}`);
      expect(replayed.invoice_notes).not.toContain(cardWhole);
    }
  });
});
