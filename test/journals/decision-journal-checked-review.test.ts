// settle and reconcile take their turn on a key per journal object (a WeakMap keyed by it): a
// `journal` option that is no object (a path string where a journal belongs, a config's number)
// reached the WeakMap before the journal was checked and failed with a bare TypeError ("Invalid
// value used as weak map key") instead of the typed error that says what a journal must be.
import { describe, expect, it } from 'vitest';
import { createClient, InvalidRequestError, type PurchaseJournal } from '../../src/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:9', token: 'sk_test_review8a' });

describe('a journal option that is no journal', () => {
  for (const given of ['./journal.sqlite', 5, true]) {
    const journal = given as unknown as PurchaseJournal;
    it(`settle with ${JSON.stringify(given)}: InvalidRequestError naming the journal`, async () => {
      const settled = client.journal.settle('order-1', { journal, charged: 'yes', reason: 'r' });
      await expect(settled).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(settled).rejects.toMatchObject({ field: 'journal' });
    });
    it(`reconcile with ${JSON.stringify(given)}: InvalidRequestError naming the journal`, async () => {
      const reconciled = client.journal.reconcile('order-1', { journal });
      await expect(reconciled).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(reconciled).rejects.toMatchObject({ field: 'journal' });
    });
  }
});
