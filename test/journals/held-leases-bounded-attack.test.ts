// Every renewal of a held key is written with the leases the key may hold (setIfHeld's `held`):
// each one this run wrote, since a write whose answer was lost may have landed. Kept for the whole
// call, the list grew by one per heartbeat: a call waiting an hour on a 30 s lease sent 360 of
// them with every renewal (postgres: `= ANY($7)`). Once a compare-and-set write landed, the key
// holds that lease and no earlier write can land after it (its list lacks that lease): the list
// is that lease and the ones written since.
import { describe, expect, it } from 'vitest';
import { memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

const CHECKOUT = '/v2/payments/consumable/checkout';

describe('the leases a long call renews its key with', () => {
  it('stay a few however many heartbeats, one lost answer among them', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 1 });
    const { token } = simulator.addUser({ email: 'held-leases@example.com' });
    const { subscription } = await inMemoryClient(simulator, token).purchase(teamPurchase(1));
    const order = { service: 'ai-credits', how_many: 1, subscription: subscription.id };
    const real = memoryJournal({ lease: 30 });
    const sizes: number[] = [];
    let sent = false;
    let enough!: () => void;
    const twenty = new Promise<void>((resolve) => (enough = resolve));
    const journal: PurchaseJournal = {
      ...real,
      setIfHeld: async (key, record, held, options) => {
        const written = await real.setIfHeld!(key, record, held, options);
        if (!sent || record.leaseUntil === undefined) return written;
        sizes.push(held.leases.length);
        if (sizes.length === 20) enough();
        // The fifth renewal landed; its answer is lost: its lease stays one the key may hold.
        if (sizes.length === 5) throw new Error('Connection terminated unexpectedly');
        return written;
      },
    };
    let open!: () => void;
    const service = new Promise<void>((resolve) => (open = resolve));
    const client = inMemoryClient(simulator, token, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (request.url.includes(CHECKOUT)) {
          sent = true;
          await service;
        }
        return simulator.handle(request);
      },
    });
    const paying = client.consumables.checkout({ ...order, journal, key: 'long-call' });
    await twenty;
    open();
    const result = await paying;
    expect(result).toBeDefined();
    expect(sizes.length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(simulator.charges.filter((c) => c.kind === 'consumable-checkout')).toHaveLength(1);
  });
});
