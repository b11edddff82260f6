// A journal of your own answers with what its driver gives: sometimes a promise a library gave a
// `then` of its own (patched, instrumented, a "cancellable" promise). A keyed call called that
// `then` as it was: one that throws (a getter, or the call) escaped the checkout as that raw Error
// (no JournalError, its cause not hidden), and a claim whose `then` never called back failed with
// "TypeError: Cannot read properties of undefined (reading 'catch')". Each is a JournalError now,
// the claim's wait ended by the call's timeout, and nothing is charged.
import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

type Oddity = 'a then getter that throws' | 'a then that throws' | 'a then that never answers';

/** `answer`, a real promise, given a `then` of its own as `oddity` says. */
function withOwnThen<T>(answer: Promise<T>, oddity: Oddity): Promise<T> {
  const own: PropertyDescriptor =
    oddity === 'a then getter that throws'
      ? {
          get: () => {
            throw new Error('then getter failed');
          },
        }
      : oddity === 'a then that throws'
        ? {
            value: () => {
              throw new Error('then failed');
            },
          }
        : { value: () => undefined };
  return Object.defineProperty(answer, 'then', own);
}

const ODDITIES: Oddity[] = [
  'a then getter that throws',
  'a then that throws',
  'a then that never answers',
];

describe("a journal's answer: a real promise with a then of its own", () => {
  for (const oddity of ODDITIES) {
    for (const operation of ['get', 'claim'] as const) {
      it(`${operation}, ${oddity}: a JournalError, nothing charged`, async () => {
        const { client, order, charges } = await inMemorySubscriber(
          `own-then-${operation}-${ODDITIES.indexOf(oddity)}@example.com`,
        );
        const store = memoryJournal();
        const answer = store[operation] as (...args: unknown[]) => Promise<unknown>;
        const journal: PurchaseJournal = {
          ...store,
          [operation]: (...args: unknown[]) => withOwnThen(answer(...args), oddity),
        };
        const call = client
          .withOptions({ timeout: 100 })
          .consumables.checkout({ ...order, key: 'own-then', journal });
        await expect(call).rejects.toBeInstanceOf(JournalError);
        expect(charges()).toBe(0);
      });
    }
  }
});
