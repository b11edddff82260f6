// A keyed checkout whose answer is lost after the service acted (the connection reset once the
// simulator charged it): the call fails, and its key's outcome is unknown until reconciled.
import { expect } from 'vitest';
import type {
  CheckoutKeyOptions,
  CheckoutParams,
  PurchaseJournal,
  SeatpayClient,
} from '../../src/index.js';
import type { Simulator } from '../../src/mock/index.js';

/** Runs `keyed` on `client` with the simulator's answer to it lost; checks what it left. */
export async function checkoutAnswerLost(
  simulator: Simulator,
  client: SeatpayClient,
  keyed: CheckoutParams & CheckoutKeyOptions & { key: string; journal: PurchaseJournal },
): Promise<void> {
  const route = 'POST /v2/payments/consumable/checkout';
  simulator.faults.inject({ route, kind: 'reset-after', times: 1 });
  await expect(client.consumables.checkout(keyed)).rejects.toThrow();
  expect(await keyed.journal.get(keyed.key)).toMatchObject({
    stage: 'sending',
    charged: 'unknown',
  });
}
