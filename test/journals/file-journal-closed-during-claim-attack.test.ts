// A server closing its fileJournal on shutdown (journal.close()) while a keyed checkout's claim was
// in flight: the database closed under the claim, its flush to disk failed (its log gone with the
// close), and so did taking it back. The call failed, nothing sent, but the claim stayed in the
// file: the re-run was an UnsettledKeyError "it may have been charged", for an order never sent
// (redteam31). The close waits for the claims under way: the call goes on and pays once.
import { describe, expect, it } from 'vitest';
import type { PurchaseJournal } from '../../src/index.js';
import { useJournalFolder } from '../support/file-journal-folder.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

const folder = useJournalFolder('seatpay-closed-claim-');

describe('a fileJournal closed while a claim is under way', () => {
  it('lets the claim land and flush first: the checkout pays once, its re-run replays', async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber(
      'closed-claim@example.com',
    );
    const file = folder.journalAt(`${folder.dir}/orders.db`);
    await file.get('opened'); // open, as a server's journal is when shutdown comes
    // The shutdown's close() comes right after the claim has started.
    const closing: PurchaseJournal = {
      ...file,
      claim: (key, record, options) => {
        const claimed = file.claim!(key, record, options);
        file.close();
        return claimed;
      },
    };
    const paid = await client.consumables.checkout({
      ...order,
      key: 'shutdown-1',
      journal: closing,
    });
    expect(paid).toMatchObject(latestCheckoutReceipt(simulator));
    expect(charges()).toBe(1);
    expect(await file.get('shutdown-1')).toMatchObject({ stage: 'done', charged: 'yes' });
    const again = await client.consumables.checkout({ ...order, key: 'shutdown-1', journal: file });
    expect(again).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
