// Every renewal of a held key is written with the leases the key may hold (setIfHeld's `held`):
// each one this run wrote, since a write whose answer was lost may have landed. Kept for the whole
// call, the list grew by one per heartbeat: a call waiting an hour on a 30 s lease sent 360 of
// them with every renewal (postgres: `= ANY($7)`). Once a compare-and-set write landed, the key
// holds that lease and no earlier write can land after it (its list lacks that lease): the list
// is that lease and the ones written since.
import { describe, expect, it } from 'vitest';
import { memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { watchedRenewals } from '../support/watched-renewals.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

describe('the leases a long call renews its key with', () => {
  it('stay a few however many heartbeats, one lost answer among them', async () => {
    const { simulator, client, gate, order, charges } =
      await inMemorySubscriber('held-leases@example.com');
    // The fifth renewal landed; its answer is lost: its lease stays one the key may hold.
    const { journal, renewals, renewed } = watchedRenewals(memoryJournal({ lease: 30 }), {
      sent: () => gate.sent() > 0,
      lost: 5,
      enough: 20,
    });
    const service = gate.holdNext();
    const paying = client.consumables.checkout({ ...order, journal, key: 'long-call' });
    await renewed;
    service.open();
    const result = await paying;
    expect(result).toMatchObject(latestCheckoutReceipt(simulator));
    expect(renewals.length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...renewals.map((renewal) => renewal.leases))).toBeLessThanOrEqual(3);
    expect(charges()).toBe(1);
  });
});
