// A keyed checkout whose answer is lost after the service acted (the connection reset once the
// simulator charged it): the call fails, and its key's outcome is unknown until reconciled.
import { expect } from 'vitest';
import {
  ConnectionError,
  type CheckoutKeyOptions,
  type CheckoutParams,
  type PurchaseJournal,
  type SeatpayClient,
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
  const failure: unknown = await client.consumables.checkout(keyed).then(
    () => 'resolved',
    (error: unknown) => error,
  );
  // What a caller decides on: no answer, and the charge may have happened (never "retry it").
  expect(failure).toBeInstanceOf(ConnectionError);
  expect(failure).toMatchObject({
    mayHaveBeenProcessed: true,
    method: 'POST',
    url: expect.stringMatching(/\/consumable\/checkout$/),
  });
  // The key left unsettled, the checkout it was claimed for kept with it (its service may be
  // hidden: a secret in it never reaches the journal).
  expect(await keyed.journal.get(keyed.key)).toMatchObject({
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params: { how_many: keyed.how_many },
  });
}
