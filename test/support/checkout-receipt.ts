// What a consumable checkout resolves with once the simulator charged it: the invoice of that very
// charge, fulfilled, for its amount. A test asserting only "something came back" passed with a
// receipt replayed from another key's record, or an earlier checkout's.
import type { Simulator } from '../../src/mock/index.js';

/** The receipt of the latest consumable checkout `simulator` charged, for `toMatchObject`. */
export function latestCheckoutReceipt(simulator: Pick<Simulator, 'charges'>) {
  const charge = simulator.charges.findLast((c) => c.kind === 'consumable-checkout');
  if (!charge) throw new Error('the simulator charged no consumable checkout');
  return { id: charge.invoice, amount: charge.amount, status: 'FULFILLED' };
}
