// A journal of your own whose property reads throw: a Proxy whose every `get` trap throws, or an
// object one of whose members (`lease`, `now`, `claim`, `get`, `set`, `list`, `prune`) is a getter
// that throws. A keyed checkout, a purchase, and client.journal's settle, reconcile, list and prune
// rejected with that raw Error (redteam25), no SeatpayError. Each is a JournalError now, as a
// journal method that throws is: nothing sent where the read comes before sending.
import { describe, expect, it } from 'vitest';
import {
  JournalError,
  SeatpayError,
  memoryJournal,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { teamPurchase } from '../support/team-purchase.js';

/** A Proxy over a memory journal whose every property read throws (with the `secret` in it). */
function everyReadThrows(SECRET: string): PurchaseJournal {
  return new Proxy(memoryJournal(), {
    get() {
      throw new Error(`journal read failed ${SECRET}`);
    },
  });
}

/** A memory journal whose member `name` is a getter that throws `SECRET` (its others as they are). */
function oneGetterThrows(name: string, SECRET: string): PurchaseJournal {
  const store = memoryJournal() as unknown as Record<string, unknown>;
  const journal: Record<string, unknown> = {};
  for (const key of Object.keys(store)) {
    const value = store[key];
    journal[key] = typeof value === 'function' ? (value as () => unknown).bind(store) : value;
  }
  return Object.defineProperty(journal, name, {
    get() {
      throw new Error(`journal ${name} read failed ${SECRET}`);
    },
    enumerable: true,
  }) as unknown as PurchaseJournal;
}

type Make = (secret: string) => PurchaseJournal;
const JOURNALS: [string, Make][] = [
  ['a Proxy whose every read throws', everyReadThrows],
  ...['lease', 'now', 'claim', 'get', 'set', 'list', 'delete', 'prune', 'setIfHeld'].map(
    (name): [string, Make] => [
      `a ${name} getter that throws`,
      (secret) => oneGetterThrows(name, secret),
    ],
  ),
];

type Operation = 'checkout' | 'purchase' | 'settle' | 'reconcile' | 'list' | 'prune';
const OPERATIONS: Operation[] = ['checkout', 'purchase', 'settle', 'reconcile', 'list', 'prune'];

describe('a journal whose reads throw', () => {
  let n = 0;
  for (const [what, make] of JOURNALS) {
    for (const operation of OPERATIONS) {
      it(`${operation}, ${what}: a JournalError, nothing sent`, async () => {
        const { client, order, simulator, token } = await inMemorySubscriber(
          `journal-reads-${n++}@example.com`,
        );
        const charged = () => simulator.charges.length;
        const before = charged();
        const journal = make(token);
        const key = 'reads-throw';
        const run = (): Promise<unknown> => {
          switch (operation) {
            case 'checkout':
              return client.consumables.checkout({ ...order, key, journal });
            case 'purchase':
              return client.purchase({ ...teamPurchase(1), key, journal });
            case 'settle':
              return client.journal.settle(key, { journal, charged: 'no', reason: 'test' });
            case 'reconcile':
              return client.journal.reconcile(key, { journal });
            case 'list':
              return client.journal.list({ journal });
            case 'prune':
              return client.journal.prune({ journal, olderThan: new Date() });
          }
        };
        const error = await run().then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(SeatpayError);
        expect(error).toBeInstanceOf(JournalError);
        expect((error as SeatpayError).mayHaveBeenProcessed).toBe(false);
        expect(JSON.stringify(error)).not.toContain(token);
        // Refused before sending: nothing charged, nothing sent.
        expect(charged()).toBe(before);
      });
    }
  }
});

describe("a journal method that throws the client's token", () => {
  it("client.journal's settle and reconcile hide it in the JournalError's cause", async () => {
    const { client, token } = await inMemorySubscriber('journal-method-throws@example.com');
    const journal: PurchaseJournal = {
      ...memoryJournal(),
      get: () => {
        throw new Error(`journal get failed ${token}`);
      },
    };
    const settle = client.journal.settle('k', { journal, charged: 'no', reason: 'test' });
    for (const error of [
      await settle.catch((thrown: unknown) => thrown),
      await client.journal.reconcile('k', { journal }).catch((thrown: unknown) => thrown),
    ]) {
      expect(error).toBeInstanceOf(JournalError);
      expect(JSON.stringify(error)).toContain('journal get failed');
      expect(JSON.stringify(error)).not.toContain(token);
    }
  });
});
