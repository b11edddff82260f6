import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  JournalError,
  KeyInProgressError,
  type CheckoutRecord,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { mapJournal, type MapJournal } from '../support/map-journal.js';
import { teamOwner } from '../support/team-owner.js';

// A journal's `now()` is the clock its leases are written and judged on (the one every user of a
// shared store agrees on: postgresJournal gives the database's, postgres-clock-skew.full.test.ts).
// Here a journal of one's own whose store's clock is a minute behind this machine's.

const CHECKOUT = '/v2/payments/consumable/checkout';
const LEASE_MS = 5_000;
const BEHIND_MS = 60_000;
let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 5 });
});
afterAll(async () => {
  await server?.close();
});

/** A journal on a Map whose clock is `now` (a store's, shared by every machine using it). */
function sharedJournal(now: () => number): MapJournal {
  return { ...mapJournal(), lease: LEASE_MS, now };
}

const storeClock = () => Date.now() - BEHIND_MS;

describe("a journal's clock (now)", () => {
  it('is the clock a claim writes its lease on', async () => {
    const { owner: user, subscription } = await teamOwner(server, 'clock@example.com');
    // The checkout waits at the fetch until let go: its claim is in the journal meanwhile.
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    const client = createClient({
      baseUrl: server.url,
      token: user.token,
      logLevel: 'off',
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes(CHECKOUT)) {
          reached();
          await opened;
        }
        return globalThis.fetch(input, init);
      },
    });
    const journal = sharedJournal(storeClock);
    const order = { service: 'ai-credits', how_many: 2, subscription };
    const checkout = client.consumables.checkout({ ...order, key: 'topup-1', journal });
    await arrived;
    const held = journal.records.get('topup-1') as CheckoutRecord;
    // One lease past the store's time (before: past this machine's, a minute more).
    const ahead = Date.parse(held.leaseUntil!) - Number(journal.now!());
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThanOrEqual(LEASE_MS);
    open();
    await expect(checkout).resolves.toMatchObject({ id: expect.any(Number) });
    expect(journal.records.get('topup-1')).toMatchObject({ stage: 'done' });
  });

  it("is the clock a lease is judged on: another machine's live claim is not settleable", async () => {
    const client = createClient({ baseUrl: server.url, token: 'unused', logLevel: 'off' });
    const journal = sharedJournal(storeClock);
    // Claimed by a live run elsewhere, on the store's clock: a minute behind this machine's.
    const claimed: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: { service: 'ai-credits', how_many: 1, subscription: 1 },
      updatedAt: new Date(storeClock()).toISOString(),
      leaseUntil: new Date(storeClock() + LEASE_MS).toISOString(),
      holder: 'another-machine',
    };
    journal.records.set('topup-2', claimed);
    const settle = () =>
      client.journal.settle('topup-2', { journal, charged: 'no', reason: 'not on the statement' });
    // Before: judged on this machine's clock, its lease had run out a minute ago.
    await expect(settle()).rejects.toThrow(KeyInProgressError);
    expect(journal.records.get('topup-2')).toEqual(claimed);
    // A clock that throws now and then is not trusted: its last reading, carried forward, stands
    // in (never this machine's, on which the live lease ran out a minute ago).
    journal.now = () => {
      throw new Error('clock gone');
    };
    await expect(settle()).rejects.toThrow(KeyInProgressError);
    // A journal whose clock never gave a time is refused: this machine's clock stood in for it,
    // on which that live lease ran out a minute ago, and it was settled (review14b).
    const clockless = { ...journal, now: journal.now };
    await expect(
      client.journal.settle('topup-2', {
        journal: clockless,
        charged: 'no',
        reason: 'not on the statement',
      }),
    ).rejects.toThrow(JournalError);
    expect(journal.records.get('topup-2')).toEqual(claimed);
  });
});
