// A journal a user wraps (an audit wrapper that logs each call, over one seatpay ships) whose
// wrapper throws. The JournalError said only "The journal could not claim the record of key ..."
// (or read, list ...), and a checkout charged whose outcome the wrapper failed to record said "was
// charged, but the journal could not record it": neither said what to do (newuser13). Each now
// says it, and doing as said works: the charge recorded by a settle, never paid again.
import { describe, expect, it } from 'vitest';
import {
  JournalError,
  SettledKeyError,
  UnsettledKeyError,
  memoryJournal,
  type PurchaseJournal,
} from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** `store`'s members, each logged to `calls`; `failing` throws what `throws` says instead. */
function audited(
  store: PurchaseJournal,
  calls: string[],
  throws: (name: string, args: unknown[]) => boolean,
): PurchaseJournal {
  const members = store as unknown as Record<string, unknown>;
  const journal: Record<string, unknown> = {};
  for (const name of ['get', 'set', 'claim', 'list', 'prune', 'delete']) {
    const method = members[name] as (...args: unknown[]) => unknown;
    journal[name] = (...args: unknown[]) => {
      calls.push(name);
      if (throws(name, args)) throw new Error(`audit log of ${name} is full`);
      return method.apply(store, args);
    };
  }
  return journal as unknown as PurchaseJournal;
}

const FIX_AND_CALL_AGAIN =
  /: fix the journal \(what it threw is this error's `cause`\) and call again/;

describe('a wrapped journal whose wrapper throws', () => {
  it('a claim, a read or a listing: a JournalError that says to fix it and call again', async () => {
    const { client, order, charges } = await inMemorySubscriber('wrapper-throws@example.com');
    const store = memoryJournal();
    const calls: string[] = [];
    const failing = new Set(['claim', 'get', 'list']);
    const journal = audited(store, calls, (name) => failing.has(name));
    const errors = [
      await client.consumables
        .checkout({ ...order, key: 'w-1', journal })
        .catch((error: unknown) => error),
      await client.journal
        .settle('w-1', { journal, charged: 'no', reason: 'test' })
        .catch((error: unknown) => error),
      await client.journal.reconcile('w-1', { journal }).catch((error: unknown) => error),
      await client.journal.list({ journal }).catch((error: unknown) => error),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(JournalError);
      expect((error as JournalError).message).toMatch(FIX_AND_CALL_AGAIN);
      expect((error as JournalError).cause).toMatchObject({ message: /audit log of \w+ is full/ });
    }
    expect(charges()).toBe(0);

    // As said: once the wrapper works, the same call goes through, once.
    failing.clear();
    await client.consumables.checkout({ ...order, key: 'w-1', journal });
    expect(charges()).toBe(1);
  });

  it("a charged checkout's outcome it failed to record: says to settle it as charged", async () => {
    const { client, order, charges } = await inMemorySubscriber('wrapper-outcome@example.com');
    const store = memoryJournal();
    const calls: string[] = [];
    let full = true;
    const journal = audited(
      store,
      calls,
      (name, args) => full && name === 'set' && (args[1] as { stage?: string }).stage === 'done',
    );
    const error = await client.consumables
      .checkout({ ...order, key: 'w-2', journal })
      .catch((thrown: unknown) => thrown);
    expect(charges()).toBe(1);
    expect(error).toBeInstanceOf(UnsettledKeyError);
    const { message } = error as UnsettledKeyError;
    expect(message).toMatch(/was charged .*but the journal could not record it/);
    expect(message).toContain(`client.journal.settle("w-2", { charged: 'yes', reason })`);
    expect(message).toContain('seatpay journal settle w-2 --charged');

    // As said: a re-run sends nothing; settled as charged, the key is never paid again.
    await expect(client.consumables.checkout({ ...order, key: 'w-2', journal })).rejects.toThrow(
      UnsettledKeyError,
    );
    full = false;
    await client.journal.settle('w-2', { journal, charged: 'yes', reason: 'invoice seen' });
    await expect(client.consumables.checkout({ ...order, key: 'w-2', journal })).rejects.toThrow(
      SettledKeyError,
    );
    expect(charges()).toBe(1);
  });
});
