import { describe, expect, it } from 'vitest';
import { AbortError, memoryJournal, type PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { inMemoryClient } from '../support/in-memory-client.js';
import { teamPurchase } from '../support/team-purchase.js';

// A claim picks its lease (key-holder.ts remembers it, so that the next claim of the key in this
// process never writes the same one), then waits for its owner digest: a token provider that has
// not answered. Its call is aborted there. What it picked must go with it: left behind, a later
// claim of the key, on a journal clock that has stepped back since (an NTP step, a failover to a
// server behind), is given a lease past the one it picked: the key would stay "in progress" far
// longer than the documented lease if that run died, and every other run wait for it.

const LEASE_MS = 5_000;
const HOUR_MS = 3_600_000;

describe('a claim aborted while its owner digest is computed', () => {
  it("leaves no lease behind to push a later claim's lease out", async () => {
    const simulator = createSimulator({ subscriptionDelayMs: 1 });
    const { token } = simulator.addUser({ email: 'aborted-digest@example.com' });
    const client = inMemoryClient(simulator, token);
    const { subscription } = await client.purchase(teamPurchase(1));
    const order = { service: 'ai-credits', how_many: 2, subscription: subscription.id };
    const store = memoryJournal({ lease: LEASE_MS });
    let clock = Date.now() + HOUR_MS; // the journal's clock, an hour ahead at first
    const journal: PurchaseJournal = { ...store, now: () => clock };

    let asked!: () => void;
    const providerAsked = new Promise<void>((resolve) => (asked = resolve));
    const slow = inMemoryClient(simulator, token, {
      // Never answers: the call is aborted while its claim waits for it.
      token: () => {
        asked();
        return new Promise<string>(() => undefined);
      },
    });
    const controller = new AbortController();
    const aborted = slow.consumables
      .checkout({ ...order, key: 'stepped', journal }, { signal: controller.signal })
      .catch((error: unknown) => error);
    await providerAsked;
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    expect(await store.get('stepped')).toBeUndefined(); // nothing was claimed

    // The journal's clock steps back an hour; the key is claimed again, and sent.
    clock -= HOUR_MS;
    const claimedAt = clock;
    let leaseWhileSending: string | undefined;
    const watching: PurchaseJournal = {
      ...journal,
      set: async (key, record, options) => {
        leaseWhileSending ??= (await store.get(key))?.leaseUntil;
        return store.set(key, record, options);
      },
    };
    await client.consumables.checkout({ ...order, key: 'stepped', journal: watching });
    expect(leaseWhileSending).toBe(new Date(claimedAt + LEASE_MS).toISOString());
  });
});
