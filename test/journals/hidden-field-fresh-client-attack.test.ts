// A keyed call whose parameters held a secret (a note quoting the card's CVC) is recorded with it
// hidden, and with the field's digest under the token's secret (`paramsDigest`). The same order
// run again was the same request only when the running client hid that value too: a process
// restarted after a crash (the reason a key exists), which has not sent the card, does not know
// the CVC, and was told the key was used for another request: "use a new key", and a new key paid
// the order twice. The digest alone tells it: the same token, the same value. A client that cannot
// check it (another token) is refused, without being told to use a new key.
import { describe, expect, it } from 'vitest';
import {
  expectReplayedFromDigest,
  hiddenNoteOrder,
  NOTE_CVC as CVC,
} from '../support/hidden-note-order.js';

const TOKEN = 'sp_live_3f9c1d7e5a2b48c6a0e1d2f3b4c5d6e7';

async function setUp() {
  const { order, ...rest } = await hiddenNoteOrder('hidden-field-fresh@example.com', TOKEN);
  return { ...rest, order: { ...order, key: 'fresh-1' } };
}

describe('the same order with a secret in a field, re-run by a client that never learned it', () => {
  it('is replayed from its digest, charged once', async () => {
    // A restarted process: the same token, no card sent.
    await expectReplayedFromDigest(await setUp(), TOKEN);
  });

  it('under another token: refused, never told to use a new key, nothing sent', async () => {
    const { first, clientOf, order, checkouts } = await setUp();
    await first.consumables.checkout(order);
    const refused = await clientOf(`${TOKEN}-rotated`)
      .consumables.checkout(order)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'KeyReuseError', differences: ['note'] });
    expect((refused as Error).message).toContain('before you use a new key');
    expect((refused as Error).message).not.toContain(CVC);
    expect(checkouts()).toHaveLength(1);
  });
});
