// `client.journal.settle` and `reconcile` refused a key the journal has no record of ("The
// journal has no record of the key …") and a key settled already ("… was settled already as
// charged …") without a word of what to do (newuser13, through `seatpay journal settle`, exit 2):
// a mistyped key or another journal than the run's, and a decision that stands. Each says it now.
import { describe, expect, it } from 'vitest';
import { memoryJournal, SettleRefusedError } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('settle and reconcile refused', () => {
  it('a key the journal has no record of: says to check the key and the journal, listing it', async () => {
    const { client } = await inMemorySubscriber('settle-no-record@example.com');
    const journal = memoryJournal();
    for (const refused of [
      await client.journal
        .settle('order-404', { journal, charged: 'no', reason: 'test' })
        .catch((error: unknown) => error),
      await client.journal.reconcile('order-404', { journal }).catch((error: unknown) => error),
    ]) {
      expect(refused).toBeInstanceOf(SettleRefusedError);
      expect((refused as Error).message).toMatch(
        /no record of the key "order-404": check the key, and that this is the journal its run used \(client\.journal\.list\(\)/,
      );
    }
  });

  it('a key settled already: says the decision stands and what it means for the key', async () => {
    const { client, order, simulator } = await inMemorySubscriber('settle-twice@example.com');
    const journal = memoryJournal();
    // A checkout whose answer is lost: its key unknown, settleable.
    simulator.faults.inject({
      route: 'POST /v2/payments/consumable/checkout',
      kind: 'reset-after',
    });
    const lost = await client.consumables
      .checkout({ ...order, key: 'order-2', journal })
      .catch((error: unknown) => error);
    expect(lost).toMatchObject({ mayHaveBeenProcessed: true });
    await client.journal.settle('order-2', { journal, charged: 'no', reason: 'no invoice' });
    const again = await client.journal
      .settle('order-2', { journal, charged: 'yes', reason: 'second look' })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(SettleRefusedError);
    expect((again as Error).message).toMatch(
      /settled already as charged "no" .*: that decision stands, nothing was written; the key may run again$/,
    );
  });
});
