// A journal of your own whose now() gives an object that only claims to be a Date
// (`Object.create(Date.prototype)`): its `getTime` threw a raw TypeError out of the clock, outside
// its guard, from a keyed checkout (review13a). It was then taken for no reading: this machine's
// clock stood in for the store's the journal meant, silently (a live run's lease elsewhere read as
// run out). It is refused now, before anything is sent (redteam31; a promise, a string, a bigint:
// journal-clock-wrong-kind-attack.test.ts). (A Date of another realm:
// journal-clock-as-date-attack.test.ts.)
import { describe, expect, it } from 'vitest';
import { JournalError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('a journal whose now() gives an object on Date.prototype that is no Date', () => {
  it('is refused with a JournalError saying what now() must return: nothing sent', async () => {
    const { client, order, charges } = await inMemorySubscriber('clock-fake-date@example.com');
    const journal: PurchaseJournal = {
      ...memoryJournal(),
      now: (() => Object.create(Date.prototype) as unknown) as () => number,
    };
    const error = await client.consumables
      .checkout({ ...order, key: 'fake-date', journal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect((error as Error).message).toMatch(/now\(\) returned no time \(object\)/);
    expect(charges()).toBe(0);
    expect(await journal.get('fake-date')).toBeUndefined();
  });
});
