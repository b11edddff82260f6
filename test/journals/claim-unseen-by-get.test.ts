import { describe, expect, it } from 'vitest';
import { JournalError, PurchaseError, type PurchaseJournal } from '../../src/index.js';
import { mapJournal } from '../support/map-journal.js';
import { useMockServer } from '../support/mock-server.js';
import { teamOwner } from '../support/team-owner.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

// A journal of one's own whose `get` never finds what its `claim` stored (two stores, a key
// prefixed on one side only): the first keyed call paid and recorded; a re-run read no record,
// had its claim refused, read none again, and after taking its turns said KeyInProgressError,
// "in progress elsewhere", though no run was (loose14b). This run saw the journal contradict
// itself: it now says so, a JournalError, and nothing is sent again.

const server = useMockServer({ subscriptionDelayMs: 5 });

/** A Map journal whose `get` reads another, empty store. */
function getFindsNothing(): PurchaseJournal {
  return { ...mapJournal(), get: async () => undefined };
}

const unseen =
  /refused to claim the key "(.*?)" \(it said the key has a record\), yet its get then found no record of it: this journal's get does not find what its claim stores.*nothing was sent by this call$/;

describe('a journal whose get never finds what its claim stored', () => {
  it('a checkout run again: a JournalError naming the journal, nothing charged again', async () => {
    const { client, subscription, checkouts } = await teamOwner(
      server(),
      'unseen-checkout@example.com',
    );
    const journal = getFindsNothing();
    const keyed = {
      service: 'ai-credits',
      how_many: 2,
      subscription,
      key: 'topup-unseen',
      journal,
    };
    await client.consumables.checkout(keyed);
    expect(checkouts()).toBe(1);
    const again = client.withOptions({ timeout: 60_000 }).consumables.checkout(keyed);
    await expect(again).rejects.toBeInstanceOf(JournalError);
    await expect(again).rejects.toThrow(unseen);
    expect(checkouts()).toBe(1);
  });

  it('a purchase run again: a PurchaseError (nothing charged) whose cause is that JournalError', async () => {
    const { client, charges } = await teamOwner(server(), 'unseen-purchase@example.com');
    const journal = getFindsNothing();
    const order = { ...PER_SEAT_PURCHASE, key: 'order-unseen', journal };
    await client.purchase(order);
    const paid = charges('payment');
    const again = client.withOptions({ timeout: 60_000 }).purchase(order);
    // A purchase's failures are PurchaseErrors naming the step: this one's cause is the journal's.
    const failed = await again.catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(PurchaseError);
    expect(failed).toMatchObject({ step: 'pay', charged: 'no' });
    expect((failed as PurchaseError).cause).toBeInstanceOf(JournalError);
    expect((failed as PurchaseError).cause).toHaveProperty(
      'message',
      expect.stringMatching(unseen),
    );
    expect(charges('payment')).toBe(paid);
  });
});
