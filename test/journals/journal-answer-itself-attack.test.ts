// A journal of your own whose answer is a thenable that calls back with itself (a library's
// "lazy" result, a proxy that forwards `then` to its own target). Adopting it adopts it again, a
// microtask at a time: the process spun at full CPU for ever, and neither the call's timeout nor
// its signal could end it (no timer runs while microtasks keep coming; redteam28). Each such
// answer is a JournalError now, nothing charged. Here the thenable answers with itself 20,000
// times, then with its value, so that the test ends either way: before the fix it was taken.
import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** A thenable that answers with itself `times` times, then with `value` (a promise: adopted). */
function answersWithItself<T>(value: T, times = 20_000): PromiseLike<T> {
  let left = times;
  const thenable = {
    then(onFulfilled: (answer: unknown) => void) {
      onFulfilled(left-- > 0 ? thenable : value);
    },
  };
  return thenable as unknown as PromiseLike<T>;
}

/** A memory journal whose `name` answers with a thenable that calls back with itself. */
function selfAnswering(name: 'get' | 'claim' | 'list'): PurchaseJournal {
  const store = memoryJournal();
  const own = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
  return {
    ...store,
    // Returned as it is (an async function would adopt it itself, before seatpay sees it).
    [name]: (...args: unknown[]) => answersWithItself(own(...args)),
  } as PurchaseJournal;
}

describe('a journal answering with a thenable that calls back with itself', () => {
  for (const name of ['get', 'claim'] as const) {
    it(`a keyed checkout whose journal's ${name} does: a JournalError, nothing charged`, async () => {
      const { client, order, simulator } = await inMemorySubscriber(`itself-${name}@example.com`);
      const before = simulator.charges.length;
      const journal = selfAnswering(name);
      const error = await client.consumables
        .checkout({ ...order, key: `itself-${name}`, journal })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(JournalError);
      expect(String((error as Error).message)).toContain('journal');
      expect(simulator.charges.length).toBe(before);
    });
  }

  it("client.journal.settle whose journal's get does: a JournalError, nothing written", async () => {
    const { client } = await inMemorySubscriber('itself-settle@example.com');
    const journal = selfAnswering('get');
    const error = await client.journal
      .settle('itself-settle', { journal, charged: 'no', reason: 'test' })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(JournalError);
    expect(await client.journal.list({ journal })).toEqual([]);
  });

  it("client.journal.list whose journal's list does: a JournalError", async () => {
    const { client } = await inMemorySubscriber('itself-list@example.com');
    const journal = selfAnswering('list');
    await expect(client.journal.list({ journal })).rejects.toBeInstanceOf(JournalError);
  });
});
