// A journal of your own without `claim` (its claim is then a read and a `set`) whose `set` answers
// with what its driver gives: a thenable (a query builder, an instrumented promise) whose `then`
// calls back but returns nothing, as the Promises/A+ contract allows only of a promise adopted,
// never of one chained on. A keyed call chained on it (`set(...).then(() => true)`): the claim,
// written, read as not landed, and the call ended in an UnsettledKeyError ("it may have been
// charged") though nothing was sent, its re-runs too until settled (redteam31). Adopted as any
// journal answer is (journal-call.ts), the claim lands: the checkout pays once, its re-run replays.
import { describe, expect, it } from 'vitest';
import { memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** `answer` as a thenable whose `then` calls back and returns nothing. */
function thenableOf<T>(answer: Promise<T>): PromiseLike<T> {
  return {
    then(onFulfilled, onRejected) {
      void answer.then(onFulfilled, onRejected);
      return undefined as never;
    },
  };
}

describe('a journal without claim whose set answers with a thenable that returns nothing', () => {
  it('claims the key: the checkout pays once, and its re-run replays', async () => {
    const { client, order, charges } = await inMemorySubscriber('thenable-set@example.com');
    const store = memoryJournal();
    const journal = {
      get: store.get,
      set: (key, record, options) => thenableOf(store.set(key, record, options)),
    } as PurchaseJournal;
    const call = () =>
      client
        .withOptions({ timeout: 2_000 })
        .consumables.checkout({ ...order, key: 'thenable-set', journal });
    const paid = await call();
    expect(charges()).toBe(1);
    expect(await call()).toEqual(paid);
    expect(charges()).toBe(1);
  });
});
