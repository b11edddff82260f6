// Review of reconcile's compare-and-set (knowngaps): reconcile asks the service about the record
// it read, then read the key again and wrote its finding over whatever claim it found then. When
// the key was settled as not charged and run again meanwhile, that was the new run's live claim:
// "done" (the first run's invoice) landed over it, the new run's lost answer could no longer be
// recorded, and its charge was hidden behind a replay of the first. The finding is now written
// only over the record it is about.
import { expect, it } from 'vitest';
import {
  KeyInProgressError,
  memoryJournal,
  UnsettledKeyError,
  type PurchaseJournal,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A lost answer fails the call as one (a bare toThrow() also passed a refusal sending nothing).
const ANSWER_LOST = { name: 'ConnectionError', mayHaveBeenProcessed: true };

it('reconcile never writes over a claim made after its read; that run stays settleable', async () => {
  const simulator = createSimulator({ subscriptionDelayMs: 10 });
  const user = simulator.addUser({ email: 'reconcile-new-claim@example.com' });
  // What each checkout meets: charged and its answer lost, or held first, then the same.
  const fates: ('lost-after' | 'held-lost-after')[] = [];
  let heldArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (heldArrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let beforeListing: (() => Promise<void>) | undefined;
  const client = inMemoryClient(simulator, user.token, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      if (pathname.endsWith('/consumable/checkout') && fates.length > 0) {
        if (fates.shift() === 'held-lost-after') {
          heldArrived();
          await released;
        }
        await simulator.handle(request);
        throw new TypeError('fetch failed');
      }
      if (pathname.endsWith('/me/invoice') && beforeListing) {
        const before = beforeListing;
        beforeListing = undefined;
        await before();
      }
      return simulator.handle(request);
    },
  });
  const bought = await client.purchase(teamPurchase(1));
  const order = { service: 'ai-credits', how_many: 1, subscription: bought.subscription.id };
  const journal: PurchaseJournal = memoryJournal();
  const keyed = { ...order, key: 'new-claim-1', journal };
  const charged = () => simulator.charges.filter((c) => c.kind === 'consumable-checkout').length;

  fates.push('lost-after');
  await expect(client.consumables.checkout(keyed)).rejects.toMatchObject(ANSWER_LOST);
  // While reconcile asks the service: an operator settles the key as not charged (wrongly), and a
  // run with it starts again and is paying (held at the service's door).
  let second: Promise<unknown> | undefined;
  beforeListing = async () => {
    // An operator of another process, on the same store (one process decides in turn).
    const elsewhere = { ...journal };
    await client.journal.settle('new-claim-1', {
      journal: elsewhere,
      charged: 'no',
      reason: 'not seen',
    });
    fates.push('held-lost-after');
    second = client.consumables.checkout(keyed).catch((error: unknown) => error);
    await arrived;
  };
  const reconciled = await client.journal
    .reconcile('new-claim-1', { journal })
    .catch((error: unknown) => error);
  expect(reconciled).toBeInstanceOf(KeyInProgressError);
  release();
  await second;
  expect(charged()).toBe(2); // the operator's "not charged" let it pay again
  // The second run's outcome is unknown, and said so: never a replay of the first's answer.
  const third = await client.consumables.checkout(keyed).catch((error: unknown) => error);
  expect(third).toBeInstanceOf(UnsettledKeyError);
  expect(charged()).toBe(2);
});
