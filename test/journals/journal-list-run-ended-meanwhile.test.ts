// A key listed while a run of it in this process ends: the page read holds its claim ("sending",
// its lease live, this process its holder), its outcome written after that read. Judged after the
// run ended, that claim read as one this process left behind: `leaseStatus` 'orphaned' ("no live
// run holds it: settleable now") for a key that had its answer. Settle and reconcile judge such a
// read as held (a run here ended while it was read: read again); so does the list now.
import { describe, expect, it } from 'vitest';
import { memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('client.journal.list() while a run of a listed key ends here', () => {
  it('never says orphaned of the claim it read before the run wrote its outcome', async () => {
    const { client, gate, order } = await inMemorySubscriber('list-ended-meanwhile@example.com');
    const store = memoryJournal();
    let pageRead!: () => void;
    const read = new Promise<void>((resolve) => (pageRead = resolve));
    let runEnded: Promise<unknown> = Promise.resolve();
    const journal: PurchaseJournal = {
      ...store,
      // A page read as the store's round trip goes: taken, then answered after the run ended.
      list: async (options) => {
        const page = await store.list!(options);
        pageRead();
        await runEnded;
        return page;
      },
    };
    const held = gate.holdNext();
    const run = client.consumables.checkout({ ...order, key: 'ending', journal });
    runEnded = run.catch(() => undefined);
    await held.arrived;
    const listing = client.journal.list({ journal });
    await read;
    held.open();
    await run;
    expect((await store.get('ending'))?.stage).toBe('done');
    const [entry] = await listing;
    expect(entry).toMatchObject({ key: 'ending', stage: 'sending' });
    expect(entry!.leaseStatus).not.toBe('orphaned');
  });
});
