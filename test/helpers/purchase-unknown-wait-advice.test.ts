import { expect, it } from 'vitest';
import { memoryJournal, PurchaseError } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { subscriptionNeverAppears } from '../support/subscription-never-appears.js';
import { PER_SEAT_PURCHASE } from '../support/team-purchase.js';

// review17a (newuser17's t13): a keyed purchase whose pay was answered 500 (the card may have
// been charged) and whose wait then ran out said "(none new listed; wait again with a longer
// timeout). Settle it: ...": two pieces of advice, the first naming waitFor's `timeout` and no
// way to wait again. It now says how: run the purchase again with its key and a longer
// `waitTimeout` (never paying twice), then how to settle it. The subscription list answers empty
// (a fault) until it is cleared: the wait runs out whatever the machine's pace.

/** A client whose next pay is answered 500 (nothing charged) and whose listing stays empty. */
function payAnswered500NeverListed() {
  const simulator = createSimulator({ subscriptionDelayMs: 5 });
  simulator.faults.inject({ route: 'POST /v1/payments/pay', kind: 'status', status: 500 });
  subscriptionNeverAppears({ simulator });
  return { simulator, client: inMemoryClient(simulator, simulator.users.owner.token) };
}

it('a keyed purchase whose pay got a 500 and whose wait ran out says to run it again with its key', async () => {
  const { simulator, client } = payAnswered500NeverListed();
  const journal = memoryJournal();
  const order = { ...PER_SEAT_PURCHASE, key: 'order-500', journal, waitTimeout: 30 };
  const failed = await client.purchase(order).catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(PurchaseError);
  expect(failed).toMatchObject({ step: 'wait', charged: 'unknown' });
  const { message } = failed as PurchaseError;
  expect(message).toContain('No new subscription appeared within 30 ms (none new listed). ');
  expect(message).not.toContain('wait again with a longer timeout');
  expect(message).toContain(
    'Do not buy again: run the purchase again with the key "order-500" and a longer `waitTimeout`, never paying twice. Settle it: client.journal.reconcile("order-500")',
  );
  // What it says is so: the re-run waits again, and pays nothing.
  const again = await client.purchase(order).catch((e: unknown) => e);
  expect(again).toMatchObject({ name: 'PurchaseError', step: 'wait', charged: 'unknown' });
  expect(simulator.charges).toHaveLength(0);
});

it('without a journal the advice says the re-run is from this client (the key is in its memory)', async () => {
  const { client } = payAnswered500NeverListed();
  const failed = await client
    .purchase({ ...PER_SEAT_PURCHASE, key: 'order-mem', waitTimeout: 30 })
    .catch((e: unknown) => e);
  expect((failed as Error).message).toContain(
    'run the purchase again with the key "order-mem" from this client and a longer `waitTimeout`',
  );
});
