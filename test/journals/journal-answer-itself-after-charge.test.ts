// A journal of your own whose write of a charged checkout's outcome answers with a thenable that
// never settles (calls back with itself) or with a long chain of honest thenables (101 of them,
// past the 100 hops seatpay adopts: redteam28). The charge is made: what the caller is told must
// say so (UnsettledKeyError, mayHaveBeenProcessed), a re-run must send nothing, and the key must
// stay settleable as charged once the journal works (review13a).
import { describe, expect, it } from 'vitest';
import {
  SettledKeyError,
  UnsettledKeyError,
  memoryJournal,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** A thenable that answers with another `hops` times (itself when `hops` is Infinity), then `value`. */
function chain<T>(value: PromiseLike<T>, hops: number): PromiseLike<T> {
  let left = hops;
  const thenable = {
    then(onFulfilled: (answer: unknown) => void) {
      onFulfilled(left-- > 0 ? thenable : value);
    },
  };
  return thenable as unknown as PromiseLike<T>;
}

/** A memory journal whose write of a 'done' record answers through `chain(..., hops)` while `on()`. */
function outcomeChained(hops: number, on: () => boolean): PurchaseJournal {
  const store = memoryJournal();
  return {
    ...store,
    set: (key, record, options) => {
      if ((record as { stage?: string }).stage !== 'done' || !on())
        return store.set(key, record, options);
      // Never settling, it writes nothing; a finite chain writes, then answers through it.
      const written =
        hops === Number.POSITIVE_INFINITY ? Promise.resolve() : store.set(key, record);
      return chain(written, hops) as Promise<void>;
    },
  };
}

describe("a journal whose write of a charged checkout's outcome answers with a thenable chain", () => {
  it('that never settles: UnsettledKeyError, may have been processed, settleable as charged', async () => {
    const { client, order, charges } = await inMemorySubscriber('itself-outcome@example.com');
    let broken = true;
    const journal = outcomeChained(Number.POSITIVE_INFINITY, () => broken);
    const error = await client.consumables
      .checkout({ ...order, key: 'io-1', journal })
      .catch((thrown: unknown) => thrown);
    expect(charges()).toBe(1);
    expect(error).toBeInstanceOf(UnsettledKeyError);
    expect((error as UnsettledKeyError).mayHaveBeenProcessed).toBe(true);
    expect((error as Error).message).toContain("charged: 'yes'");
    await expect(client.consumables.checkout({ ...order, key: 'io-1', journal })).rejects.toThrow(
      UnsettledKeyError,
    );
    broken = false;
    await client.journal.settle('io-1', { journal, charged: 'yes', reason: 'invoice seen' });
    await expect(client.consumables.checkout({ ...order, key: 'io-1', journal })).rejects.toThrow(
      SettledKeyError,
    );
    expect(charges()).toBe(1);
  });

  it('101 honest hops: refused as unrecorded though it landed; a re-run replays, never pays again', async () => {
    const { client, order, charges, simulator } =
      await inMemorySubscriber('long-chain@example.com');
    const journal = outcomeChained(101, () => true);
    const first = await client.consumables
      .checkout({ ...order, key: 'io-2', journal })
      .catch((thrown: unknown) => thrown);
    expect(charges()).toBe(1);
    expect(first).toBeInstanceOf(UnsettledKeyError);
    expect((first as UnsettledKeyError).mayHaveBeenProcessed).toBe(true);
    // The write landed, its answer lost: the advice must not promise a refusal the re-run never gives.
    expect((first as Error).message).toContain(
      'it replays the answer if the write landed after all',
    );
    const again = await client.consumables.checkout({ ...order, key: 'io-2', journal });
    // The charge's own answer replayed (any id passed `toBeDefined`).
    expect(again.id).toBe(simulator.charges.at(-1)!.invoice);
    expect(charges()).toBe(1);
  });
});
