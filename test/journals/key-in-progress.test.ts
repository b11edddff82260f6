import { describe, expect, it } from 'vitest';
import {
  createClient,
  KeyInProgressError,
  localStorageJournal,
  UnsettledKeyError,
  type CheckoutRecord,
  type SeatpayClient,
} from '../../src/index.js';
import type { MockUser } from '../../src/mock/index.js';
import { useMockServer } from '../support/mock-server.js';
import { webStorage } from '../support/web-storage.js';
import { teamPurchase } from '../support/team-purchase.js';
import { outcomeOf } from '../support/outcome.js';

// Issue 37: a key another live run holds is not an unknown outcome. Two tabs (two
// localStorageJournal instances over one Web Storage, each with its own client) send the same keyed
// checkout: the second waits for the first's answer and replays it; its wait, when it runs out
// first, is a KeyInProgressError (retry later), never "settle it". A run that ends not knowing
// leaves the key unknown at once; a dead tab's key becomes unknown, and settleable, once its lease
// ran out. Charges are counted in the simulator's own log; timing is by the order of events.

const CHECKOUT = '/v2/payments/consumable/checkout';
const server = useMockServer({ subscriptionDelayMs: 5 });
let users = 0;

/** A gate a tab's checkout request waits at, once it reached the fetch; `open` lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(CHECKOUT)) {
      reached();
      await opened;
    }
    return globalThis.fetch(input, init);
  };
  return { fetch, open, arrived };
}

async function owner() {
  const user = server().simulator.addUser({ email: `in-progress-${++users}@example.com` });
  const client = clientOf(user);
  const { subscription } = await client.purchase(teamPurchase(5));
  const order = { service: 'ai-credits', how_many: 3, subscription: subscription.id };
  const charges = () =>
    server().simulator.charges.filter((c) => c.kind === 'consumable-checkout' && c.user === user.id)
      .length;
  return { user, order, charges };
}

/** Counts the reads of `storage` from now on; `reach(n)` resolves at the n-th. */
function readsOf(storage: Storage) {
  const getItem = storage.getItem.bind(storage);
  let reads = 0;
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  storage.getItem = (key) => {
    reads++;
    for (const waiter of waiters.filter(({ n }) => n <= reads)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    return getItem(key);
  };
  return {
    reach: (n: number) =>
      reads >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
  };
}

function clientOf(user: MockUser, options: { fetch?: typeof fetch } = {}): SeatpayClient {
  return createClient({ baseUrl: server().url, token: user.token, logLevel: 'off', ...options });
}

describe('a key another live tab holds', () => {
  it('the second tab waits for the first one’s answer and replays it: one charge', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    const held = gate();
    const tabA = clientOf(user, { fetch: held.fetch });
    const tabB = clientOf(user);
    const first = tabA.consumables.checkout({
      ...order,
      key: 'topup-1',
      journal: localStorageJournal({ storage }),
    });
    await held.arrived; // A claimed the key and its request is on its way
    const reads = readsOf(storage);
    let secondSettled = false;
    const second = tabB.consumables
      .checkout({ ...order, key: 'topup-1', journal: localStorageJournal({ storage }) })
      .finally(() => (secondSettled = true));
    // B reads A's record again and again meanwhile: after some of those reads, still waiting.
    await Promise.race([reads.reach(3), second.catch(() => undefined)]);
    expect(secondSettled).toBe(false);
    held.open();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(charges()).toBe(1);
  });

  it('the first tab’s answer landing while the second one reads its claim: replayed, not unknown', async () => {
    // Both tabs in one process (one holder): B's read of A's "sending" claim is judged after the
    // read's own checks; A's answer lands and its run ends in between. That claim is not one this
    // process left behind: B reads again and replays A's answer.
    const { user, order, charges } = await owner();
    const storage = webStorage();
    const held = gate();
    const tabA = clientOf(user, { fetch: held.fetch });
    const first = tabA.consumables.checkout({
      ...order,
      key: 'topup-7',
      journal: localStorageJournal({ storage }),
    });
    await held.arrived;
    const journalB = localStorageJournal({ storage });
    // B's first read that finds A's claim gives it only once A's call has resolved.
    let readClaim!: () => void;
    const claimRead = new Promise<void>((resolve) => (readClaim = resolve));
    let aResolved!: () => void;
    const aDone = new Promise<void>((resolve) => (aResolved = resolve));
    let slowed = false;
    const slowB = {
      ...journalB,
      get: async (key: string) => {
        const found = await journalB.get(key);
        if (!slowed && found?.stage === 'sending') {
          slowed = true;
          readClaim();
          await aDone;
        }
        return found;
      },
    };
    const second = clientOf(user).consumables.checkout({
      ...order,
      key: 'topup-7',
      journal: slowB,
    });
    const secondOutcome = outcomeOf(second);
    await claimRead;
    held.open();
    const a = await first;
    aResolved();
    const { value: b, error } = await secondOutcome;
    expect(error).toBeUndefined();
    expect(b).toEqual(a);
    expect(charges()).toBe(1);
  });

  it('settling the key while its run here ends meanwhile: refused, the answer kept, one charge', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    const held = gate();
    const first = clientOf(user, { fetch: held.fetch }).consumables.checkout({
      ...order,
      key: 'topup-8',
      journal: localStorageJournal({ storage }),
    });
    await held.arrived;
    // The operator's read of the claim gives it only once the run has resolved with its answer.
    const operator = localStorageJournal({ storage });
    let readClaim!: () => void;
    const claimRead = new Promise<void>((resolve) => (readClaim = resolve));
    let aResolved!: () => void;
    const aDone = new Promise<void>((resolve) => (aResolved = resolve));
    const slow = {
      ...operator,
      get: async (key: string) => {
        const found = await operator.get(key);
        readClaim();
        await aDone;
        return found;
      },
    };
    const tabB = clientOf(user);
    const settling = outcomeOf(
      tabB.journal.settle('topup-8', { journal: slow, charged: 'no', reason: 'looks stuck' }),
    );
    await claimRead;
    held.open();
    const a = await first;
    aResolved();
    expect((await settling).error).toBeInstanceOf(KeyInProgressError);
    expect(await operator.get('topup-8')).toMatchObject({ stage: 'done', charged: 'yes' });
    const again = await tabB.consumables.checkout({ ...order, key: 'topup-8', journal: operator });
    expect(again).toEqual(a);
    expect(charges()).toBe(1);
  });

  it('a wait that runs out first: KeyInProgressError (retry later), then the retry replays', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    const held = gate();
    const tabA = clientOf(user, { fetch: held.fetch });
    const tabB = clientOf(user);
    const journal = () => localStorageJournal({ storage });
    const first = tabA.consumables.checkout({ ...order, key: 'topup-2', journal: journal() });
    await held.arrived;
    const { error } = await outcomeOf(
      tabB.consumables.checkout({ ...order, key: 'topup-2', journal: journal() }, { timeout: 50 }),
    );
    expect(error).toBeInstanceOf(KeyInProgressError);
    expect(error).toMatchObject({ code: 'key-in-progress', key: 'topup-2' });
    expect((error as KeyInProgressError).mayHaveBeenProcessed).toBe(true);
    expect((error as Error).message).toMatch(/in progress elsewhere/);
    expect((error as Error).message).not.toMatch(/settle/i);
    // Settling it meanwhile is refused as well: it is not unknown.
    const settling = tabB.journal.settle('topup-2', {
      journal: journal(),
      charged: 'no',
      reason: 'looks stuck',
    });
    await expect(settling).rejects.toBeInstanceOf(KeyInProgressError);
    held.open();
    const a = await first;
    const retried = await tabB.consumables.checkout({
      ...order,
      key: 'topup-2',
      journal: journal(),
    });
    expect(retried).toEqual(a);
    expect(charges()).toBe(1);
  });

  it('the call’s own totalTimeout ends the wait the same way', async () => {
    const { user, order } = await owner();
    const storage = webStorage();
    const held = gate();
    const first = clientOf(user, { fetch: held.fetch }).consumables.checkout({
      ...order,
      key: 'topup-3',
      journal: localStorageJournal({ storage }),
    });
    await held.arrived;
    const tabB = clientOf(user);
    // Its owner secret derived and its modules loaded first: the deadline then ends the wait.
    await tabB.consumables.checkout({
      ...order,
      key: 'warm-up',
      journal: localStorageJournal({ storage }),
    });
    const waiting = tabB.consumables.checkout(
      { ...order, key: 'topup-3', journal: localStorageJournal({ storage }) },
      { totalTimeout: 300 },
    );
    await expect(waiting).rejects.toBeInstanceOf(KeyInProgressError);
    held.open();
    await first;
  });

  it('the caller’s own signal ends the wait the same way: in progress elsewhere, not AbortError', async () => {
    // docs/journals.md and issue 37: a wait that runs out first, its signal included, says the key
    // is in progress elsewhere (safe to retry later), never a bare AbortError (nothing known).
    const { user, order, charges } = await owner();
    const storage = webStorage();
    const held = gate();
    const first = clientOf(user, { fetch: held.fetch }).consumables.checkout({
      ...order,
      key: 'topup-8',
      journal: localStorageJournal({ storage }),
    });
    await held.arrived;
    const reads = readsOf(storage);
    const controller = new AbortController();
    const waiting = outcomeOf(
      clientOf(user).consumables.checkout(
        { ...order, key: 'topup-8', journal: localStorageJournal({ storage }) },
        { signal: controller.signal },
      ),
    );
    await reads.reach(3); // B found A's claim and reads it again: waiting
    controller.abort(new Error('the worker shuts down'));
    const { error } = await waiting;
    expect(error).toBeInstanceOf(KeyInProgressError);
    expect(error).toMatchObject({ code: 'key-in-progress', key: 'topup-8' });
    expect((error as KeyInProgressError).mayHaveBeenProcessed).toBe(true);
    held.open();
    await first;
    expect(charges()).toBe(1);
  });

  it('a run that ends not knowing (its answer lost) leaves the key unknown at once: no wait', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    // A long lease: a key still held after the lost answer would make B wait out its timeout.
    const journal = () => localStorageJournal({ storage, lease: 600_000 });
    server().simulator.faults.inject({ route: `POST ${CHECKOUT}`, kind: 'reset-after', times: 1 });
    const lost = await outcomeOf(
      clientOf(user).consumables.checkout({ ...order, key: 'topup-4', journal: journal() }),
    );
    expect((lost.error as { mayHaveBeenProcessed?: boolean }).mayHaveBeenProcessed).toBe(true);
    const { error } = await outcomeOf(
      clientOf(user).consumables.checkout(
        { ...order, key: 'topup-4', journal: journal() },
        { timeout: 60_000, totalTimeout: 60_000 },
      ),
    );
    expect(error).toBeInstanceOf(UnsettledKeyError);
    expect(charges()).toBe(1);
  });

  it('a dead tab’s key (its lease not renewed) becomes unknown and settleable once the lease ran out', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    // The journal's own clock, moved by the test: a loaded machine's 300 ms never decide the case.
    let time = Date.now();
    const journal = { ...localStorageJournal({ storage, lease: 300 }), now: () => time };
    const client = clientOf(user);
    // What a tab that claimed the key and was closed leaves: its record, a lease never renewed.
    const claimedAt = time;
    const dead: CheckoutRecord = {
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: { ...order },
      updatedAt: new Date(claimedAt).toISOString(),
      leaseUntil: new Date(claimedAt + 300).toISOString(),
    };
    await journal.set('topup-5', dead);
    // Before the lease ran out it is in progress: neither settled nor called unknown.
    const early = await outcomeOf(
      client.journal.settle('topup-5', { journal, charged: 'no', reason: 'tab closed' }),
    );
    expect(early.error).toBeInstanceOf(KeyInProgressError);
    // It says when the key becomes settleable if the tab is gone, not to retry the call.
    expect((early.error as Error).message).toContain(
      `settleable once its lease runs out, at ${dead.leaseUntil} by the journal's clock`,
    );
    expect((early.error as Error).message).not.toContain("resolves with that run's outcome");
    // The listing shows the lease too: the time after which a dead run's key is settleable.
    expect(await client.journal.list({ journal })).toMatchObject([
      { key: 'topup-5', charged: 'unknown', leaseUntil: dead.leaseUntil },
    ]);
    // The lease runs out: a call with the key is told the outcome is unknown, never paid again.
    time = claimedAt + 300;
    const { error } = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'topup-5', journal }),
    );
    expect(error).toBeInstanceOf(UnsettledKeyError);
    expect(charges()).toBe(0);
    await client.journal.settle('topup-5', { journal, charged: 'no', reason: 'tab closed' });
    await client.consumables.checkout({ ...order, key: 'topup-5', journal });
    expect(charges()).toBe(1);
    // Done: no run holds it, no lease listed.
    const [done] = await client.journal.list({ journal });
    expect(done).toMatchObject({ key: 'topup-5', stage: 'done', charged: 'yes' });
    expect(done).not.toHaveProperty('leaseUntil');
  });

  it('a claim this process left behind (its journal went away) is reconciled here at once; another process’s waits for its lease', async () => {
    const { user, order, charges } = await owner();
    const storage = webStorage();
    // A long lease: without knowing who holds it, this process would wait 10 minutes too.
    const journal = localStorageJournal({ storage, lease: 600_000 });
    // The storage goes away once the key is claimed: the answer and the lease's end are not written.
    const away = {
      ...journal,
      set: async () => {
        throw new Error('storage away');
      },
    };
    const client = clientOf(user);
    const lost = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'topup-6', journal: away }),
    );
    expect(lost.error).toBeInstanceOf(UnsettledKeyError);
    const left = await journal.get('topup-6');
    expect(left).toMatchObject({ stage: 'sending', holder: expect.any(String) });
    expect(Date.parse(left!.leaseUntil!)).toBeGreaterThan(Date.now());
    // The same claim, held by another process: in progress until its lease runs out.
    await journal.set('topup-6', { ...left!, holder: 'another-process' });
    const elsewhere = await outcomeOf(client.journal.reconcile('topup-6', { journal }));
    expect(elsewhere.error).toBeInstanceOf(KeyInProgressError);
    expect(await client.journal.list({ journal })).toMatchObject([{ leaseStatus: 'held' }]);
    // Held by this process, whose run is over: reconciled now, as charged (listed so: no live
    // run's, though its lease has not run out).
    await journal.set('topup-6', left!);
    expect(await client.journal.list({ journal })).toMatchObject([{ leaseStatus: 'orphaned' }]);
    const result = await client.journal.reconcile('topup-6', { journal });
    expect(result).toMatchObject({ charged: 'yes', record: { stage: 'done' } });
    const replay = await client.consumables.checkout({ ...order, key: 'topup-6', journal });
    expect(replay).toEqual((result.record as { result: unknown }).result);
    expect(charges()).toBe(1);
  });
});
