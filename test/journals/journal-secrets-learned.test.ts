import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { teamPurchase } from '../support/team-purchase.js';
import { recordingJournal } from '../support/recording-journal.js';

// A journal record's strings are searched for the client's secrets; strings found clean are
// remembered (most repeat in every record), but only until the client learns a new secret: a
// card sent after a string was found clean still hides that string in the next record.

const CARD = '4242424242424242';

describe('a keyed checkout recorded after the client learned a secret', () => {
  it('hides in the record a value that was clean in an earlier record', async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 10 });
    const user = simulator.addUser({ email: 'learned@example.com' });
    const client = createClient({
      baseUrl: 'http://simulator.test',
      token: user.token,
      logLevel: 'off',
      maxRetries: 0,
      fetch: (input, init) => simulator.handle(new Request(input, init)),
    });
    const { journal, stored } = recordingJournal();
    const bought = await client.purchase(
      teamPurchase(1, { card_number: '4000056655665556', cvc: '123' }),
    );
    const order = { service: CARD, how_many: 1, subscription: bought.subscription.id };
    // Not a secret yet: recorded as it is (the service refuses the checkout; its claim is recorded).
    await client.consumables.checkout({ ...order, key: 'before', journal }).catch(() => undefined);
    expect(stored.some((text) => text.includes(CARD))).toBe(true);

    await client.purchase(teamPurchase(1, { card_number: CARD, cvc: '321' }));
    stored.length = 0;
    await client.consumables.checkout({ ...order, key: 'after', journal }).catch(() => undefined);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter((text) => text.includes(CARD))).toEqual([]);
  });
});
