// A journal of your own whose claim is given up on (the caller's signal fires while it is under
// way) and whose `setIfHeld` is a getter that throws from then on (a Proxy, a wrapper whose
// connection dropped). The late claim's release read `setIfHeld` raw, at once, in the claim's own
// failure path: the checkout rejected with that raw Error in place of the AbortError it stops with
// (review13a). It is read when the late claim lands, its throw a failed release (the claim left
// as any lost write leaves it): the call stops as the caller asked, nothing sent.
import { describe, expect, it } from 'vitest';
import { SeatpayError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { inMemorySubscriber } from '../support/team-owner.js';

describe('a journal whose setIfHeld read throws once a claim is given up on', () => {
  it('the checkout stops as its signal says, never a raw Error, nothing sent', async () => {
    const { client, order, simulator, token } = await inMemorySubscriber('late-claim@example.com');
    const before = simulator.charges.length;
    const store = memoryJournal();
    const stop = new AbortController();
    let claiming = false;
    let land: (claimed: boolean) => void = () => undefined;
    const journal = {
      get: store.get.bind(store),
      set: store.set.bind(store),
      claim: (...args: Parameters<NonNullable<PurchaseJournal['claim']>>) => {
        claiming = true;
        const landed = store.claim!(...args);
        // Its answer held back until the caller gave up.
        return new Promise<boolean>((resolve) => {
          land = (claimed) => void landed.then(() => resolve(claimed));
          stop.abort();
        });
      },
      get setIfHeld() {
        if (claiming) throw new Error(`journal setIfHeld read failed ${token}`);
        return store.setIfHeld?.bind(store);
      },
    } as unknown as PurchaseJournal;
    const error = await client.consumables
      .checkout({ ...order, key: 'late-claim', journal }, { signal: stop.signal })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(String((error as Error).message)).not.toContain(token);
    expect((error as Error).name).toBe('AbortError');
    expect(error).toBeInstanceOf(SeatpayError);
    expect(JSON.stringify(error)).not.toContain(token);
    land(true);
    expect(simulator.charges.length).toBe(before);
  });
});
