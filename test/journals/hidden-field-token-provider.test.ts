// A client with a token provider (a function giving the token per call) kept no digest of a field
// whose secret it hid (a note quoting the card's CVC): the same order run again, by a fresh
// process whose provider still gave the same token, was refused `KeyReuseError` with nothing to
// confirm it by. The digest is now kept under the provider's current token. A token that rotated
// in between cannot confirm it (nothing in a journal may: keys.md), and is refused with what to do.
import { describe, expect, it } from 'vitest';
import {
  expectReplayedFromDigest,
  hiddenNoteOrder,
  NOTE_CVC as CVC,
} from '../support/hidden-note-order.js';
import { GOOD_CARD, teamPurchase } from '../support/team-purchase.js';

const TOKEN = 'sp_live_8e1d4c7b2a9f46e3b0c5d1a7f2e9c4b6';

/** Every client's token comes from a provider; the card is sent first, as in the order's own process. */
async function setUp() {
  const { order, ...rest } = await hiddenNoteOrder('hidden-field-provider@example.com', TOKEN, {
    tokenOf: (token) => () => Promise.resolve(token),
  });
  return { ...rest, order: { ...order, key: 'provider-1' } };
}

describe('a token provider re-running an order whose field hid a secret', () => {
  it('the same token in a fresh client: replayed from the digest, charged once', async () => {
    const bed = await setUp();
    await expectReplayedFromDigest(bed, TOKEN);
    expect(JSON.stringify(await bed.order.journal.get('provider-1'))).not.toContain(TOKEN);
  });

  it('another value hidden alike under the same token: another request, nothing sent', async () => {
    const { first, clientOf, order, checkouts } = await setUp();
    await first.consumables.checkout(order);
    const other = { ...order, note: 'phone order, card ending 4242 cvc 987' };
    const fresh = clientOf(TOKEN);
    await fresh.purchase(teamPurchase(1, { ...GOOD_CARD, cvc: '987' }));
    const refused = await fresh.consumables.checkout(other).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'KeyReuseError', differences: ['note'] });
    expect(checkouts()).toHaveLength(1);
  });

  it('a token that rotated: refused, told to look the key up first, nothing sent', async () => {
    const { first, clientOf, order, checkouts } = await setUp();
    await first.consumables.checkout(order);
    const refused = await clientOf(`${TOKEN}-next`)
      .consumables.checkout(order)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'KeyReuseError', differences: ['note'] });
    const message = (refused as Error).message;
    expect(message).toContain("a token provider's earlier one");
    expect(message).toContain('journal.get, or journal.reconcile');
    expect(message).toContain('before you use a new key');
    expect(message).not.toContain(CVC);
    expect(checkouts()).toHaveLength(1);
  });
});
