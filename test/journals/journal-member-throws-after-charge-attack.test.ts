// A journal of your own whose member (`set`, `get`) is a getter that throws only once the order
// was charged (a Proxy, a wrapper whose connection dropped meanwhile), the thrown Error quoting the
// client's token. redteam28 made every member read after the first a JournalError whose cause
// hides the client's secrets; the outcome's write read `set` and `get` (and `setIfHeld` for its
// other writes) raw in holder-write.ts: the checkout's UnsettledKeyError had that raw Error as its
// cause, not a JournalError (review13a; the token was hidden still). A charged checkout says so.
import { describe, expect, it } from 'vitest';
import { JournalError, UnsettledKeyError } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { journalWithThrowingGetter } from '../support/throwing-getter.js';

describe('a journal member whose read throws once the order was charged', () => {
  for (const name of ['set', 'get']) {
    it(`${name}: an UnsettledKeyError saying charged, the token hidden`, async () => {
      const { client, order, simulator, token } = await inMemorySubscriber(
        `breaks-after-charge-${name}@example.com`,
      );
      const before = simulator.charges.length;
      const journal = journalWithThrowingGetter(
        name,
        token,
        () => simulator.charges.length > before,
      );
      const error = await client.consumables
        .checkout({ ...order, key: `after-${name}`, journal })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
      expect(simulator.charges.length).toBe(before + 1);
      expect(error).toBeInstanceOf(UnsettledKeyError);
      expect((error as UnsettledKeyError).mayHaveBeenProcessed).toBe(true);
      expect((error as Error).cause).toBeInstanceOf(JournalError);
      expect(JSON.stringify(error)).not.toContain(token);
      expect(String((error as Error).cause)).not.toContain(token);
    });
  }
});
