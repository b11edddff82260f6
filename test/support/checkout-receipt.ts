// What a consumable checkout (or a purchase's payment) resolves with once the simulator charged
// it: the invoice of that very charge, fulfilled, for its amount. A test asserting only "something
// came back" passed with a receipt replayed from another key's record, or an earlier checkout's.
import type { Simulator } from '../../src/mock/index.js';

type Charge = Simulator['charges'][number];

/** The invoice `charge` made, as the call that paid it resolves with it, for `toMatchObject`. */
export function invoiceOf(charge: Charge | undefined) {
  if (!charge) throw new Error('the simulator made no such charge');
  return { id: charge.invoice, amount: charge.amount, status: 'FULFILLED' };
}

/** The receipt of the latest consumable checkout `simulator` charged, for `toMatchObject`. */
export function latestCheckoutReceipt(simulator: Pick<Simulator, 'charges'>) {
  return invoiceOf(simulator.charges.findLast((c) => c.kind === 'consumable-checkout'));
}
