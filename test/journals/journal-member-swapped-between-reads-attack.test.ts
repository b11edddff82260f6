// A journal of your own whose member is a getter that gives seatpay's own function (memoryJournal's,
// known to answer at once, so waited for without a timer nor the signal) on one read and another
// function on the next (a Proxy counting reads, instrumentation switched on). A keyed call checked
// one read and called the other: a write that never answered was waited for for ever, past the
// call's signal and timeout, the checkout never ending (redteam28). The function called is the one
// checked now: such a write ends with the call's signal.
import { describe, expect, it } from 'vitest';
import { SeatpayError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/**
 * A memory journal whose `name` gives its own (marked) function on reads of one parity and, on the
 * others, one that never answers and fires `abort` once it is called (a microtask later).
 */
function swappedBetweenReads(name: 'get' | 'set' | 'setIfHeld', parity: 0 | 1, abort: () => void) {
  const store = memoryJournal();
  const own = store[name]!;
  const hung = () => {
    queueMicrotask(abort);
    return new Promise<never>(() => undefined);
  };
  let reads = 0;
  const journal = { ...store } as PurchaseJournal;
  Object.defineProperty(journal, name, {
    get: () => (reads++ % 2 === parity ? own : hung),
    enumerable: true,
  });
  return journal;
}

describe('a journal member that is another function on its next read', () => {
  for (const name of ['get', 'set'] as const) {
    for (const parity of [0, 1] as const) {
      it(`a keyed checkout, its ${name} swapped on reads of parity ${parity}: ends with the signal`, async () => {
        const { client, order } = await inMemorySubscriber(`swapped-${name}-${parity}@example.com`);
        const controller = new AbortController();
        const journal = swappedBetweenReads(name, parity, () => controller.abort());
        const settled = await client.consumables
          .checkout(
            { ...order, key: `swapped-${name}-${parity}`, journal },
            { signal: controller.signal },
          )
          .then(
            (answer) => ({ answer }),
            (error: unknown) => ({ error }),
          );
        // Ended (answered, or rejected with a SeatpayError): never a wait for ever on the write
        // that never answers (before the fix, this test timed out).
        if ('error' in settled) expect(settled.error).toBeInstanceOf(SeatpayError);
        else expect(settled.answer).toBeDefined();
      });
    }
  }
});

// The same on the write a run holding the key makes with `setIfHeld` (a refusal, a renewal): the
// function called was read once and the one checked read again (redteam31).
describe('a journal setIfHeld that is another function on its next read', () => {
  for (const parity of [0, 1] as const) {
    it(`a keyed checkout refused by the service, setIfHeld swapped on reads of parity ${parity}: ends with the signal`, async () => {
      const { client, order } = await inMemorySubscriber(`swapped-held-${parity}@example.com`);
      const controller = new AbortController();
      const journal = swappedBetweenReads('setIfHeld', parity, () => controller.abort());
      const refused = { ...order, subscription: 999_999 }; // not the buyer's: refused, no charge
      const settled = await client.consumables
        .checkout(
          { ...refused, key: `swapped-held-${parity}`, journal },
          { signal: controller.signal },
        )
        .then(
          (answer) => ({ answer }),
          (error: unknown) => ({ error }),
        );
      expect('error' in settled && settled.error).toBeInstanceOf(SeatpayError);
    });
  }
});
