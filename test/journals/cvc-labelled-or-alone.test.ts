// A CVC is a short number, and short numbers are everywhere in an answer: ids, counts, an invoice's
// suffix. Two rules meet here (src/core/secrets/short-number-forms.ts):
// - where a label names it, it is a CVC even written against the label (`cvc987`, `CVV:987`,
//   `code987`): hidden everywhere, errors, log lines and a journal's record alike. It was not.
// - standing alone and unnamed (`inv-987`, `order 987`), it is hidden in what is printed, but a
//   journal's record keeps it: the record is replayed as the service's answer, and `inv-987` made
//   `inv-[REDACTED]` there is another answer. It was cut there too.
import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal } from '../../src/index.js';
import { redactSecrets } from '../../src/node.js';
import { CVC, cvcCardClient, shownOf, type CheckoutAnswer } from '../support/cvc-card.js';

/** How a service or a user's own note names a CVC. */
const LABELLED = [
  'cvc987',
  'CVC:987',
  'cvv987',
  'CVV2 987',
  'code987',
  'security code is 987',
  'CVC code: 987',
  'cvc%3A987',
];
/** The same digits standing alone, unnamed: ids and counts. */
const UNNAMED = ['inv-987', 'order 987', 'ticket #987', 'batch/987/items'];

const paidClient = (checkout: { answer?: CheckoutAnswer }, log?: unknown[][]) =>
  cvcCardClient('cvc-labelled@example.com', checkout, log);

describe('a CVC named by a label, even written against it', () => {
  it.each(LABELLED)('%s is hidden by redactSecrets', (text) => {
    expect(redactSecrets(`note: ${text}.`, [CVC])).not.toContain('987');
  });

  it('is hidden in an error that quotes it, its body, its printing and the log', async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const log: unknown[][] = [];
    const { client, order } = await paidClient(checkout, log);
    checkout.answer = async () =>
      Response.json({ detail: `declined: ${LABELLED.join('; ')}` }, { status: 400 });
    const error = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    const shown = shownOf(error, log);
    expect(shown).toContain('declined');
    for (const text of LABELLED) expect(shown).not.toContain(text);
  });
});

describe('a keyed checkout replayed after a card whose CVC is 987', () => {
  it('replays unnamed numbers as the service sent them and hides the labelled CVC', async () => {
    const notes = [...UNNAMED, ...LABELLED].join('; ');
    const checkout: { answer?: CheckoutAnswer } = {};
    const { client, order } = await paidClient(checkout);
    checkout.answer = async (simulated) => {
      const body = (await simulated.json()) as Record<string, unknown>;
      return Response.json({ ...body, invoice_notes: notes, reference: 'inv-987' });
    };
    const journal = memoryJournal();
    const first = await client.consumables.checkout({ ...order, key: 'cvc-987', journal });
    expect(first.invoice_notes).toBe(notes);

    const replayed = await client.consumables.checkout({ ...order, key: 'cvc-987', journal });
    const record = JSON.stringify(await journal.get('cvc-987'));
    for (const text of UNNAMED) {
      expect(replayed.invoice_notes).toContain(text);
      expect(record).toContain(text);
    }
    expect((replayed as unknown as { reference: string }).reference).toBe('inv-987');
    for (const text of LABELLED) {
      expect(replayed.invoice_notes).not.toContain(text);
      expect(record).not.toContain(text);
    }
  });
});
