import { describe, expect, it } from 'vitest';
import { AbortError, memoryJournal } from '../../src/index.js';
import { FOREIGN_CONTROLLERS } from '../support/foreign-signal.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { teamPurchase } from '../support/team-purchase.js';

// signals19: another realm's signal or a polyfill's, as `{ signal }` of a money call or as a
// purchase's `signal`, was refused as "must be an AbortSignal" (core's and waitFor's `instanceof`).
// Taken now, and it stops the call: aborted already, nothing is paid or recorded.

describe.each(FOREIGN_CONTROLLERS)('%s signal, aborted, in a money call', (what, controllerOf) => {
  it('a keyed checkout: an AbortError, nothing sent, no key recorded', async () => {
    const { client, order, charges, gate } = await inMemorySubscriber(`fm-${what}@example.com`);
    const controller = controllerOf();
    controller.abort(new Error('the user left'));
    const journal = memoryJournal();
    const error = await client.consumables
      .checkout({ ...order, key: 'fm-1', journal }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(await journal.get('fm-1')).toBeUndefined();
    expect(gate.sent()).toBe(0);
    expect(charges()).toBe(0);
  });

  it('a purchase: an AbortError, nothing paid', async () => {
    const { client, simulator } = await inMemorySubscriber(`fm-buy-${what}@example.com`);
    const paid = simulator.charges.length;
    const controller = controllerOf();
    controller.abort(new Error('the user left'));
    const error = await client
      .purchase({ ...teamPurchase(1), signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortError);
    expect(simulator.charges.length).toBe(paid);
  });
});
