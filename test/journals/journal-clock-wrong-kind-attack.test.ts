import { describe, expect, it } from 'vitest';
import {
  createClient,
  JournalError,
  memoryJournal,
  type CheckoutRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A journal shared by machines gives its store's clock as `now()`. One that gives it in a form no
// clock reading can be (an async `now()`'s promise, the store's timestamp as a string, a bigint of
// ms) was no reading: this machine's `Date.now()` stood in, silently. On a machine an hour ahead
// of the store, another machine's live claim read as run out: `list` said 'expired' and `settle`
// refused the key while that run was paying it (a second charge once retried) (redteam31).

const LEASE_MS = 5_000;
const BEHIND_MS = 3_600_000;
const storeTime = () => Date.now() - BEHIND_MS;

/** A key a live run on another machine holds, its lease on the store's clock. */
function heldElsewhere(): CheckoutRecord {
  return {
    kind: 'checkout',
    stage: 'sending',
    charged: 'unknown',
    params: { service: 'ai-credits', how_many: 1, subscription: 1 },
    updatedAt: new Date(storeTime()).toISOString(),
    leaseUntil: new Date(storeTime() + LEASE_MS).toISOString(),
    holder: 'another-machine',
  };
}

const wrongClocks: [string, () => unknown][] = [
  ['a promise (an async now())', async () => storeTime()],
  ['a string', () => new Date(storeTime()).toISOString()],
  ['a bigint', () => BigInt(storeTime())],
  ['an object that only claims to be a Date', () => Object.create(Date.prototype) as unknown],
  // No reading either, before any (review14b): Date.now() stood in for them as it did above.
  [
    'nothing but a throw (a pool not connected yet)',
    () => {
      throw new Error('pool not ready');
    },
  ],
  ['NaN', () => NaN],
  ['an invalid Date', () => new Date(NaN)],
  ['µs since 1970 (no Date holds it)', () => storeTime() * 1e6],
];

describe("a journal's now() that gives no clock reading at all", () => {
  it.each(wrongClocks)(
    "returning %s: settle and list refuse, a live run's key is untouched",
    async (_, now) => {
      const client = createClient({
        baseUrl: 'http://127.0.0.1:9',
        token: 'unused',
        logLevel: 'off',
      });
      const journal = { ...memoryJournal({ lease: LEASE_MS }), now: now as () => number };
      const held = heldElsewhere();
      await journal.set('held-1', held);
      const settled = client.journal
        .settle('held-1', { journal, charged: 'no', reason: 'not on the statement' })
        .catch((error: unknown) => error);
      expect(await settled).toBeInstanceOf(JournalError);
      expect(((await settled) as Error).message).toMatch(/now\(\) .*ms since 1970/);
      await expect(client.journal.list({ journal })).rejects.toThrow(JournalError);
      expect(await journal.get('held-1')).toEqual(held);
    },
  );

  it('returning a promise: a keyed checkout fails before anything is sent', async () => {
    const { client, order, charges } = await inMemorySubscriber('clock-kind@example.com');
    const journal: PurchaseJournal = {
      ...memoryJournal(),
      now: (async () => Date.now()) as unknown as () => number,
    };
    const error = await client.consumables
      .checkout({ ...order, key: 'kind-1', journal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect(charges()).toBe(0);
  });
});
