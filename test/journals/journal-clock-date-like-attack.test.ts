// A journal of your own whose now() gives an object that only claims to be a Date
// (`Object.create(Date.prototype)`): its `getTime` threw a raw TypeError out of the clock, outside
// its guard, from a keyed checkout (review13a). It is no reading, as docs/journals.md says: the
// checkout is paid and recorded on this machine's clock. (A Date of another realm:
// journal-clock-as-date-attack.test.ts.)
import { describe, expect, it } from 'vitest';
import { memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('a journal whose now() gives an object on Date.prototype that is no Date', () => {
  it('no reading: the checkout is paid and recorded, and listed', async () => {
    const { client, order } = await inMemorySubscriber('clock-fake-date@example.com');
    const journal: PurchaseJournal = {
      ...memoryJournal(),
      now: (() => Object.create(Date.prototype) as unknown) as () => number,
    };
    const paid = await client.consumables.checkout({ ...order, key: 'fake-date', journal });
    expect(paid).toBeDefined();
    expect(await journal.get('fake-date')).toMatchObject({ stage: 'done' });
    const [entry] = await client.journal.list({ journal });
    expect(entry).toMatchObject({ key: 'fake-date' });
  });
});
