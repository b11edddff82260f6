import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  KeyInProgressError,
  memoryJournal,
  type CheckoutRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';

// A call waiting for a key another live run holds waits at most its own `timeout`, also when the
// journal is slow to read: the first read was not counted, and each later one got a whole timeout
// of its own after the wait's last pause, so a call with a 1 s timeout waited nearly 2 s. Timed on a fake clock (timers,
// performance.now, Date), advanced in small steps until the call settles.

afterEach(() => void vi.useRealTimers());

const ORDER = { service: 'ai-credits', how_many: 2, subscription: 7 };

/** A memoryJournal whose every read takes `ms` (a loaded database). */
function slowToRead(ms: number): PurchaseJournal {
  const journal = memoryJournal();
  return {
    ...journal,
    get: async (key, options) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return journal.get(key, options);
    },
  };
}

describe('a key held elsewhere, read from a slow journal', () => {
  it('the wait ends with KeyInProgressError within the call’s timeout', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
    });
    const simulator = createSimulator();
    const user = simulator.addUser({ email: 'slow-journal@example.com' });
    const client = inMemoryClient(simulator, user.token, { timeout: 1_000 });
    const journal = slowToRead(900);
    // Another process claimed the key and is still sending (its lease current for an hour).
    const held: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: ORDER,
      updatedAt: new Date().toISOString(),
      leaseUntil: new Date(Date.now() + 3_600_000).toISOString(),
      holder: 'another-process',
    };
    await journal.set('held-1', held);

    const started = performance.now();
    let settledAt: number | undefined;
    const outcome = client.consumables
      .checkout({ ...ORDER, key: 'held-1', journal })
      .then(
        () => undefined,
        (error: unknown) => error,
      )
      .finally(() => (settledAt = performance.now() - started));
    while (settledAt === undefined && performance.now() - started < 10_000)
      await vi.advanceTimersByTimeAsync(5);
    expect(await outcome).toBeInstanceOf(KeyInProgressError);
    expect(settledAt).toBeLessThanOrEqual(1_000 + 10);
  });
});
