// A keyed checkout records its whole input to tell a re-run of the same order from another. The
// record hides the client's secrets, and a copy that does so stops 20 levels down (a marker in
// place of anything deeper): an order nested deeper was paid, then its very re-run was refused as
// another request ("use a new key": a second charge for one order). Refused before anything is
// sent now; one that the record keeps whole is paid once and replayed.
import { describe, expect, it } from 'vitest';
import { InvalidRequestError, memoryJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

/** `levels` objects, one inside the other. */
function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe('a keyed checkout nested deeper than its record keeps', () => {
  it('is refused before anything is sent, saying to flatten it', async () => {
    const { client, order, charges } = await inMemorySubscriber('deep-params@example.com');
    const deep = { ...order, trace: nested(21), key: 'deep-order', journal: memoryJournal() };
    const refused = await client.consumables.checkout(deep).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(InvalidRequestError);
    expect((refused as Error).message).toMatch(/nested deeper than 20 levels.*flatten it/);
    expect(charges()).toBe(0);
  });

  it('kept whole at 20 levels: paid once, its re-run replayed', async () => {
    const { client, order, charges } = await inMemorySubscriber('deep-params-kept@example.com');
    const kept = { ...order, trace: nested(20), key: 'kept-order', journal: memoryJournal() };
    const first = await client.consumables.checkout(kept);
    expect(await client.consumables.checkout(kept)).toEqual(first);
    expect(charges()).toBe(1);
  });
});
