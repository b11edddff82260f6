// Decisions on one key of one journal are taken one after the other in a process (decision-turns):
// a settle whose journal read hangs held every later settle on the key, and settle took no signal,
// so an operator's next settle (a retry at the admin page, the command again) waited forever. A
// settle's signal now ends its wait and its reads, even in a journal that ignores the signal, and
// the one it waited for still decides once its read comes back.
import { describe, expect, it } from 'vitest';
import { AbortError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** A memory journal whose reads, while `hold` is on, wait for `release` and ignore any signal. */
function journalWithHeldReads() {
  const inner = memoryJournal();
  const held: Array<() => void> = [];
  let hold = false;
  const journal: PurchaseJournal = {
    ...inner,
    get: async (key) => {
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      return inner.get(key);
    },
  };
  return {
    journal,
    holdReads: (on: boolean) => (hold = on),
    release: () => held.splice(0).forEach((resolve) => resolve()),
    heldReads: () => held.length,
  };
}

/** Resolves once `count` reads are held (turns of the event loop, never a clock). */
async function untilHeld(reads: { heldReads: () => number }, count: number): Promise<void> {
  while (reads.heldReads() < count) await new Promise((resolve) => setImmediate(resolve));
}

/** What `work` has come to by the next turn of the event loop. */
function byNextTurn(work: Promise<unknown>): Promise<unknown> {
  const pending = new Promise((resolve) => setImmediate(() => resolve('still waiting')));
  return Promise.race([
    work.then(
      () => 'resolved',
      (error: unknown) => error,
    ),
    pending,
  ]);
}

describe('a settle behind a decision whose journal read hangs', () => {
  it('ends with its signal; the hung one decides once its read comes back', async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber('hung@example.com');
    const reads = journalWithHeldReads();
    const keyed = { ...order, key: 'hung-read', journal: reads.journal };
    await checkoutAnswerLost(simulator, client, keyed);

    reads.holdReads(true);
    const first = client.journal.settle(keyed.key, {
      charged: 'yes',
      reason: 'invoice 7',
      journal: reads.journal,
    });
    await untilHeld(reads, 1);
    await expect(byNextTurn(first)).resolves.toBe('still waiting');

    const stop = new AbortController();
    const second = client.journal.settle(keyed.key, {
      charged: 'no',
      reason: 'no invoice',
      journal: reads.journal,
      signal: stop.signal,
    });
    stop.abort();
    expect(await byNextTurn(second)).toBeInstanceOf(AbortError);
    expect(reads.heldReads()).toBe(1); // it never read: it was waiting its turn

    // Its own read hangs too (the journal ignores the signal): the signal ends it.
    const stopRead = new AbortController();
    reads.holdReads(false);
    reads.release();
    await first;
    expect((await reads.journal.get(keyed.key))?.settled?.charged).toBe('yes');
    reads.holdReads(true);
    const third = client.journal.reconcile(keyed.key, {
      journal: reads.journal,
      signal: stopRead.signal,
    });
    await untilHeld(reads, 1);
    await expect(byNextTurn(third)).resolves.toBe('still waiting');
    stopRead.abort();
    expect(await byNextTurn(third)).toBeInstanceOf(AbortError);
    reads.holdReads(false);
    reads.release();

    // The operator's decision, named: what a script tells apart from a failure to retry.
    await expect(client.consumables.checkout(keyed)).rejects.toMatchObject({
      name: 'SettledKeyError',
      key: keyed.key,
      mayHaveBeenProcessed: true,
      message: expect.stringMatching(/settled as charged/),
    });
    expect(charges()).toBe(1);
  });
});
