import { describe, expect, it } from 'vitest';
import { APIError, memoryJournal } from '../../src/index.js';
import { CVC, cvcCardClient, shownOf, type CheckoutAnswer } from '../support/cvc-card.js';

// keycost13 searches a record's lone short numbers only once another secret is found there. A
// checkout answer that echoes the CVC and nothing else secret (no card number, no token) must
// still keep it out of the journal's record, the error and the log.

describe('a checkout answer echoing the CVC alone', () => {
  it('keeps it out of the journal record of a keyed checkout', async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const { client, order } = await cvcCardClient('cvc-alone@example.com', checkout);
    checkout.answer = async (simulated) => {
      const body = (await simulated.json()) as Record<string, unknown>;
      return Response.json({ ...body, cvc: CVC, invoice_notes: `cvc ${CVC}` });
    };
    const journal = memoryJournal();
    await client.consumables.checkout({ ...order, key: 'cvc-alone', journal });
    const record = JSON.stringify(await journal.get('cvc-alone'));
    expect(record).toContain('invoice_notes');
    expect(record).not.toMatch(/"cvc":"987"|cvc 987/);
  });

  it('keeps it out of the error and the log', async () => {
    const checkout: { answer?: CheckoutAnswer } = {};
    const log: unknown[][] = [];
    const { client, order } = await cvcCardClient('cvc-alone-error@example.com', checkout, log);
    checkout.answer = async () => Response.json({ detail: 'declined', cvc: CVC }, { status: 400 });
    const error = await client.consumables.checkout(order).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    const shown = shownOf(error, log);
    expect(shown).toContain('declined');
    // The CVC by its field, in any escaping (a bare 987 can be a log line's time or duration).
    expect(shown).toContain('cvc');
    expect(shown).not.toMatch(/cvc\W{0,8}987/i);
  });
});
