import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal, type RequestOptions } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// A keyed checkout whose key is with the order but whose journal (or identity) went in the
// request options: `checkout({ ...order, key }, { journal: fileJournal(path) })`. The journal
// there was read by nothing: the key was recorded in the client's memory journal, not the durable
// one the caller named, so a re-run after a restart paid again (review13a; newuser13 refused it
// only for a checkout without a key). Refused too, nothing sent. A field there left `undefined`
// (a wrapper's `{ ...options, identity: undefined }`) says nothing and is not refused.

describe('a keyed checkout whose journal or identity is in its request options', () => {
  it.each(['journal', 'identity'])('refuses `%s` there, nothing sent', async (field) => {
    const { client, order, charges } = await inMemorySubscriber(`split-${field}@example.com`);
    const durable = memoryJournal();
    const given = { journal: durable, identity: 'billing-bot' };
    const options = { [field]: given[field as keyof typeof given] } as unknown as RequestOptions;
    const refused = await client.consumables
      .checkout({ ...order, key: `split-${field}` }, options)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect(refused).toMatchObject({ field, mayHaveBeenProcessed: false });
    expect(charges()).toBe(0);
    expect(await durable.get(`split-${field}`)).toBeUndefined();
  });

  it('a field there left undefined is no mistake: the checkout goes through', async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber(
      'split-undefined@example.com',
    );
    const options = { key: undefined, journal: undefined, identity: undefined, timeout: 5_000 };
    const receipt = await client.consumables.checkout(order, options as unknown as RequestOptions);
    expect(receipt).toMatchObject(latestCheckoutReceipt(simulator));
    expect(charges()).toBe(1);
  });
});
