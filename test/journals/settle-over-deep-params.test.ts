// An operator's settle used to hide the client's secrets in the whole record it wrote, not only in
// its own settlement: the copy stops 20 levels down (a marker in place of anything deeper), so the
// params of an order nested 20 levels (what a keyed checkout accepts) lost their leaf one level
// inside the record. Settled as charged, the very order's re-run was then refused as another
// request ("use a new key": a second charge for one order) instead of "settled, never sent again".
import { describe, expect, it } from 'vitest';
import { KeyReuseError, memoryJournal, SettledKeyError } from '../../src/index.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { GOOD_CARD } from '../support/team-purchase.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** `levels` objects, one inside the other. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe('settle over a keyed checkout nested as deep as its record keeps', () => {
  it('keeps its params whole: the re-run is told it was settled, never to use a new key', async () => {
    const { simulator, client, order, charges } =
      await inMemorySubscriber('deep-settle@example.com');
    const journal = memoryJournal();
    const keyed = { ...order, trace: nested(20), key: 'deep-settled', journal };
    await checkoutAnswerLost(simulator, client, keyed);
    const before = (await journal.get(keyed.key))!.params;
    await client.journal.settle(keyed.key, {
      charged: 'yes',
      reason: 'invoice 7 is there',
      journal,
    });
    expect((await journal.get(keyed.key))!.params).toEqual(before);

    const again = await client.consumables.checkout(keyed).catch((e: unknown) => e);
    expect(again).not.toBeInstanceOf(KeyReuseError);
    expect(again).toBeInstanceOf(SettledKeyError);
    expect(charges()).toBe(1);
  });

  it('still hides a secret the operator pasted in the reason', async () => {
    const { simulator, client, order } = await inMemorySubscriber('deep-reason@example.com');
    const journal = memoryJournal();
    const keyed = { ...order, key: 'reason-pasted', journal };
    await checkoutAnswerLost(simulator, client, keyed);
    const reason = `paid with ${GOOD_CARD.card_number}, invoice 7`;
    await client.journal.settle(keyed.key, { charged: 'yes', reason, journal });
    const { settled } = (await journal.get(keyed.key))!;
    expect(settled?.reason).toContain('invoice 7');
    expect(settled?.reason).not.toContain(GOOD_CARD.card_number);
  });
});
