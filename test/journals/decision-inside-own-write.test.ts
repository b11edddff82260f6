// A journal of your own whose `set` settles the key it is writing (an audit hook, an "on change"
// handler) while a settle of that key is writing: the inner settle waited for the outer one, which
// waited for its `set`, which waited for the inner settle: both hung for ever, and with no signal
// nothing ended them (docs/journals.md said so). Started in that very call, the inner one is
// refused at once now (InvalidRequestError saying to decide after the call returns); the outer
// one lands. One started later in an async `set` still waits, and ends with its `signal`.
// A hook deciding another key in that call (voiding a duplicate order) is not refused: both land.
import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  memoryJournal,
  type JournalRecord,
  type PurchaseJournal,
} from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { settlingInsideWrite } from '../support/settle-inside-write.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe("a settle started inside the journal's own write of the key, for a settle of it", () => {
  it('is refused at once with InvalidRequestError; the outer settle lands', async () => {
    const { simulator, client, order } = await inMemorySubscriber('inside-write@example.com');
    const { journal, innerAfterATurn } = settlingInsideWrite(memoryJournal(), (key, journal) =>
      client.journal.settle(key, { charged: 'no', reason: 'audit hook', journal }),
    );
    const keyed = { ...order, key: 'inside-write', journal };
    await checkoutAnswerLost(simulator, client, keyed);
    const outer = client.journal.settle(keyed.key, {
      charged: 'yes',
      reason: 'invoice 3',
      journal,
    });
    // Given a turn of the event loop: settled by then, never left waiting on the outer one.
    const state = await innerAfterATurn();
    expect(state).toBeInstanceOf(InvalidRequestError);
    expect((state as Error).message).toMatch(/after that call returns/);
    await expect(outer).resolves.toMatchObject({ settled: { charged: 'yes' } });
    expect((await journal.get(keyed.key))?.settled?.charged).toBe('yes');
  });

  it('an audit hook settling another key in that call (awaited) is not refused: both land', async () => {
    const { simulator, client, order } = await inMemorySubscriber('inside-write-other@example.com');
    const store = memoryJournal();
    let inner: Promise<JournalRecord> | undefined;
    const journal: PurchaseJournal = {
      ...store,
      set: (key, record, options) => {
        const write = () => store.set(key, record, options);
        if (key !== 'audited' || record.settled === undefined || inner) return write();
        // The hook: an order settled as charged voids its duplicate, awaited before the write.
        inner = client.journal.settle('duplicate', { charged: 'no', reason: 'duplicate', journal });
        return inner.then(write);
      },
    };
    for (const key of ['audited', 'duplicate'])
      await checkoutAnswerLost(simulator, client, { ...order, key, journal });
    await expect(
      client.journal.settle('audited', { charged: 'yes', reason: 'invoice 4', journal }),
    ).resolves.toMatchObject({ settled: { charged: 'yes' } });
    await expect(inner).resolves.toMatchObject({ settled: { charged: 'no' } });
    expect((await store.get('duplicate'))?.settled?.charged).toBe('no');
  });
});
