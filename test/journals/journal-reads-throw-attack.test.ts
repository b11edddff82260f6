// A journal of your own whose property reads throw: a Proxy whose every `get` trap throws, or an
// object one of whose members (`lease`, `now`, `claim`, `get`, `set`, `list`, `prune`) is a getter
// that throws. A keyed checkout, a purchase, and client.journal's settle, reconcile, list and prune
// rejected with that raw Error (redteam25), no SeatpayError; so did a getter that throws only on
// a later read (redteam28). Each is a JournalError now, as a journal method that throws is:
// nothing sent where the read comes before sending.
import { describe, expect, it } from 'vitest';
import {
  JournalError,
  SeatpayError,
  memoryJournal,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { journalWithThrowingGetter } from '../support/throwing-getter.js';
import { teamPurchase } from '../support/team-purchase.js';

/** A Proxy over a memory journal whose every property read throws (with the `secret` in it). */
function everyReadThrows(SECRET: string): PurchaseJournal {
  return new Proxy(memoryJournal(), {
    get() {
      throw new Error(`journal read failed ${SECRET}`);
    },
  });
}

/**
 * A memory journal whose member `name` is a getter that throws `SECRET` from its `from`th read on
 * (its others as they are).
 */
function oneGetterThrows(name: string, SECRET: string, from = 1): PurchaseJournal {
  let reads = 0;
  return journalWithThrowingGetter(name, SECRET, () => ++reads >= from);
}

/** How it is made, and whether it threw from its first read (else a later one: it may work). */
type Make = (secret: string) => PurchaseJournal;
const MEMBERS = ['lease', 'now', 'claim', 'get', 'set', 'list', 'delete', 'prune', 'setIfHeld'];
const JOURNALS: [string, Make, boolean][] = [
  ['a Proxy whose every read throws', everyReadThrows, true],
  ...MEMBERS.map((name): [string, Make, boolean] => [
    `a ${name} getter that throws`,
    (secret) => oneGetterThrows(name, secret),
    true,
  ]),
  // Read once before sending, then read again: from the second or third read on, a raw Error
  // escaped a keyed checkout (lease, now, claim, get, set) and client.journal's settle, reconcile,
  // list and prune (now, get, set, list, prune) still (redteam28). An operation that reads the
  // member no more may work: it need not reject.
  ...MEMBERS.flatMap((name) =>
    [2, 3].map((from): [string, Make, boolean] => [
      `a ${name} getter that throws from its read #${from} on`,
      (secret) => oneGetterThrows(name, secret, from),
      false,
    ]),
  ),
];

type Operation = 'checkout' | 'purchase' | 'settle' | 'reconcile' | 'list' | 'prune';
const OPERATIONS: Operation[] = ['checkout', 'purchase', 'settle', 'reconcile', 'list', 'prune'];

describe('a journal whose reads throw', () => {
  let n = 0;
  for (const [what, make, first] of JOURNALS) {
    for (const operation of OPERATIONS) {
      it(`${operation}, ${what}: ${first ? 'a JournalError' : 'never a raw Error'}, nothing sent`, async () => {
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
        if (!first && (error === undefined || !(error instanceof JournalError))) {
          // It worked, or failed for what it is (no record to settle): a SeatpayError then.
          if (error !== undefined) expect(error).toBeInstanceOf(SeatpayError);
          return;
        }
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
