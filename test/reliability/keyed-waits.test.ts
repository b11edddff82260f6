import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ConnectionError,
  JournalError,
  memoryJournal,
  PurchaseError,
  TimeoutError,
  UnsettledKeyError,
  type ClientOptions,
  type PurchaseJournal,
} from '../../src/index.js';
import type { MockUser } from '../../src/mock/index.js';
import { useMockServer } from '../support/mock-server.js';
import { creditsOwner, userClient } from '../support/team-owner.js';
import { outcomeOf } from '../support/outcome.js';
import { latestCheckoutReceipt } from '../support/checkout-receipt.js';

// Issue 26, items 2, 3, 5, 6 and 11 (journal side): every wait of a keyed checkout (its journal,
// an earlier run of its key) ends with the call's signal, `timeout` and `totalTimeout`; a fetch
// that answers Response.error() after the request left is "maybe processed"; an abort before
// the request left frees the key; what a journal throws is scrubbed. Charges are counted in the
// simulator's log. Run alone:
//   npx vitest run test/reliability/keyed-waits.test.ts

const CARD = { card_number: '4242424242424242', cvc: '123' };
const CHECKOUT = '/v2/payments/consumable/checkout';
const never = <T>() => new Promise<T>(() => undefined);

const server = useMockServer({ subscriptionDelayMs: 5 });
let users = 0;

const clientOf = (user: MockUser, options: ClientOptions = {}) =>
  userClient(server(), user, options);

/** A user with a PER_TEAM subscription, and the order of 5 AI credits for it. */
const owner = () => creditsOwner(server(), `waits-${++users}@example.com`);

/** A fetch that sends the checkout (and `onPay`, the pay) for real, then answers as `answer` says. */
function fetchThat(answer: (url: string) => Promise<Response> | undefined): typeof fetch {
  return async (input, init) => {
    const url = urlOf(input);
    const sent = await fetch(input, init);
    return answer(url) ?? sent;
  };
}

const urlOf = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));

describe('a fetch that answers Response.error() after the request left (item 3)', () => {
  it('a keyed checkout: maybe processed, the key kept, the re-run never buys again', async () => {
    const { user, order, charges } = await owner();
    const lost = fetchThat((url) =>
      url.endsWith(CHECKOUT) ? Promise.resolve(Response.error()) : undefined,
    );
    const client = clientOf(user, { fetch: lost });
    const journal = memoryJournal();
    const first = await outcomeOf(client.consumables.checkout({ ...order, key: 'e', journal }));
    const rerun = await outcomeOf(
      clientOf(user).consumables.checkout({ ...order, key: 'e', journal }),
    );
    expect(first.error).toBeInstanceOf(ConnectionError);
    expect(first.error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(rerun.error).toBeInstanceOf(UnsettledKeyError);
    expect(charges('consumable-checkout')).toBe(1);
  });

  it("a purchase: PurchaseError that never says charged 'no'", async () => {
    const user = server().simulator.addUser({ email: `waits-${++users}@example.com` });
    const lost = fetchThat((url) =>
      url.endsWith('/pay') ? Promise.resolve(Response.error()) : undefined,
    );
    const { error } = await outcomeOf(
      clientOf(user, { fetch: lost }).purchase({
        plan: 'personal',
        card: CARD,
        chosen_period: 'MONTH',
        pollInterval: 5,
        waitTimeout: 300,
      }),
    );
    expect(server().simulator.charges.filter((c) => c.user === user.id)).toHaveLength(1);
    // The subscription shows up: the purchase resolves, or fails saying the charge is not 'no'.
    if (error) expect((error as PurchaseError).charged).not.toBe('no');
  });
});

describe("a keyed checkout's waits end with its totalTimeout, timeout and signal (items 2, 5)", () => {
  const stalled: [string, () => PurchaseJournal][] = [
    ['get', () => ({ get: never, set: async () => undefined })],
    ['claim', () => ({ get: async () => undefined, set: async () => undefined, claim: never })],
    ['set (no claim)', () => ({ get: async () => undefined, set: never })],
  ];

  it.each(stalled)(
    'a journal whose %s never settles: TimeoutError at the totalTimeout, nothing bought',
    async (_, journal) => {
      const { user, order, charges } = await owner();
      const { error } = await outcomeOf(
        clientOf(user).consumables.checkout(
          { ...order, key: 'k', journal: journal() },
          { totalTimeout: 50 },
        ),
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ mayHaveBeenProcessed: false });
      expect(charges('consumable-checkout')).toBe(0);
    },
  );

  it("a journal whose claim never settles, no totalTimeout on the call: the client's ends it", async () => {
    const { user, order, charges } = await owner();
    const journal = stalled[1]![1]();
    // The client's per-attempt timeout is far longer: only its totalTimeout can end this wait.
    const client = clientOf(user, { totalTimeout: 50, timeout: 600_000 });
    const { error } = await outcomeOf(client.consumables.checkout({ ...order, key: 'k', journal }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(charges('consumable-checkout')).toBe(0);
  });

  it('a journal whose set stalls once the units are bought: the call ends at its deadline, saying they may be', async () => {
    const { user, order, charges } = await owner();
    const inner = memoryJournal();
    const controller = new AbortController();
    const deadline = new DOMException('the caller ran out of time', 'TimeoutError');
    // Called once the service answered: the deadline passes while the journal is out.
    const set = () => {
      queueMicrotask(() => controller.abort(deadline));
      return never<void>();
    };
    const journal: PurchaseJournal = { get: inner.get, claim: inner.claim!, set };
    const { error } = await outcomeOf(
      clientOf(user).consumables.checkout(
        { ...order, key: 'k', journal },
        { signal: controller.signal },
      ),
    );
    expect(error).toMatchObject({ mayHaveBeenProcessed: true });
    expect(charges('consumable-checkout')).toBe(1);
  });

  it("a journal that never answers, and no totalTimeout: JournalError at the call's timeout", async () => {
    const { user, order, charges } = await owner();
    const journal: PurchaseJournal = { get: never, set: never };
    const { error } = await outcomeOf(
      clientOf(user).consumables.checkout({ ...order, key: 'k', journal }, { timeout: 50 }),
    );
    expect(error).toBeInstanceOf(JournalError);
    expect((error as Error).message).toMatch(/could not read/);
    expect(charges('consumable-checkout')).toBe(0);
  });

  // memoryJournal's own operations answer at once and are waited for without a timer
  // (settled-answers.ts); one a user puts in their place, on the journal or on a copy, is raced.
  const replaced: [string, string, () => PurchaseJournal][] = [
    ['get, replaced on the journal', 'read', () => Object.assign(memoryJournal(), { get: never })],
    ['claim, on a copy of it', 'claim', () => ({ ...memoryJournal(), claim: never })],
  ];

  it.each(replaced)(
    "a memoryJournal whose %s, never settles: JournalError at the call's timeout",
    async (_, action, journal) => {
      const { user, order, charges } = await owner();
      const { error } = await outcomeOf(
        clientOf(user).consumables.checkout(
          { ...order, key: 'k', journal: journal() },
          { timeout: 50 },
        ),
      );
      expect(error).toBeInstanceOf(JournalError);
      expect((error as Error).message).toMatch(new RegExp(`could not ${action}`));
      expect(charges('consumable-checkout')).toBe(0);
    },
  );

  it('a second run of a key that is still out: ends with its own signal and totalTimeout', async () => {
    const { user, order, charges } = await owner();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held: typeof fetch = async (input, init) => {
      if (urlOf(input).endsWith(CHECKOUT)) await gate;
      return fetch(input, init);
    };
    const client = clientOf(user, { fetch: held });
    const keyed = { ...order, key: 'busy' };
    const first = client.consumables.checkout(keyed);
    const controller = new AbortController();
    const aborted = outcomeOf(client.consumables.checkout(keyed, { signal: controller.signal }));
    const timed = outcomeOf(client.consumables.checkout(keyed, { totalTimeout: 30 }));
    controller.abort();
    const [abortedRun, timedRun] = await Promise.all([aborted, timed]);
    release();
    const bought = await first;
    expect(abortedRun.error).toBeInstanceOf(AbortError);
    expect(abortedRun.error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(timedRun.error).toBeInstanceOf(TimeoutError);
    expect(await client.consumables.checkout(keyed)).toEqual(bought);
    expect(charges('consumable-checkout')).toBe(1);
  });
});

describe("a keyed checkout's token provider (item 7)", () => {
  it("never settles, no signal, no totalTimeout: TimeoutError at the call's timeout, nothing recorded", async () => {
    const { user, order, charges } = await owner();
    const journal = memoryJournal();
    const client = clientOf(user, { token: never<string> });
    const { error } = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'hung', journal }, { timeout: 30 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    expect(await journal.get('hung')).toBeUndefined();
    expect(charges('consumable-checkout')).toBe(0);
  });
});

describe('an abort before the checkout left frees its key (item 6)', () => {
  it('aborted while the async token provider runs: not processed, and the re-run buys once', async () => {
    const { user, order, charges } = await owner();
    const controller = new AbortController();
    let calls = 0;
    // The first token names who calls (the record's owner); the second is the send's: it hangs.
    const token = async () => {
      if (++calls !== 2) return user.token;
      controller.abort();
      return never<string>();
    };
    const journal = memoryJournal();
    const keyed = { ...order, key: 'provider', journal };
    const client = clientOf(user, { token });
    const { error } = await outcomeOf(
      client.consumables.checkout(keyed, { signal: controller.signal }),
    );
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ mayHaveBeenProcessed: false });
    const rerun = await client.consumables.checkout(keyed);
    expect(rerun).toMatchObject(latestCheckoutReceipt(server().simulator));
    expect(charges('consumable-checkout')).toBe(1);
  });
});

describe('what a journal throws is scrubbed (item 11)', () => {
  it('a journal quoting the token: JournalError and UnsettledKeyError carry none of it', async () => {
    const { user, order } = await owner();
    const leak = () => Promise.reject(new Error(`vault refused ${user.token}`));
    const reading: PurchaseJournal = { get: leak, set: leak };
    const inner = memoryJournal();
    const recording: PurchaseJournal = { get: inner.get, claim: inner.claim!, set: leak };
    const client = clientOf(user);
    const read = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'r', journal: reading }),
    );
    const done = await outcomeOf(
      client.consumables.checkout({ ...order, key: 'd', journal: recording }),
    );
    expect(read.error).toBeInstanceOf(JournalError);
    expect(done.error).toBeInstanceOf(UnsettledKeyError);
    for (const error of [read.error, done.error]) {
      expect(inspect(error, { depth: 8 })).toContain('vault refused');
      expect(inspect(error, { depth: 8 })).not.toContain(user.token);
    }
  });
});
