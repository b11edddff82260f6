import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  memoryJournal,
  TimeoutError,
  UnsettledKeyError,
  type PurchaseJournal,
} from '../../src/index.js';
import { startMockServer, type MockServer } from '../../src/mock/index.js';
import { holdTimers, type HeldTimers } from '../reliability/support/held-timers.js';
import { teamOwner } from '../support/team-owner.js';

// A keyed checkout whose journal write of the answer outlives the call's totalTimeout. The charge
// is certain (the service answered), the record is not: the call rejects with UnsettledKeyError
// saying so (docs/keys.md, "Every wait ends with the call"), never a TimeoutError that reads
// "may have been processed". The totalTimeout's timer is held and fired by the test once the
// write is under way: nothing here waits on the wall clock.

const TOTAL_MS = 43_210;
let server: MockServer;
let timers: HeldTimers | undefined;

beforeAll(async () => {
  server = await startMockServer({ subscriptionDelayMs: 10 });
});
afterAll(async () => server?.close());
afterEach(() => timers?.restore());

describe('a keyed checkout whose journal set() outlives its totalTimeout', () => {
  it('rejects with UnsettledKeyError that says it was charged; once the write lands, a re-run replays it', async () => {
    const {
      client,
      subscription,
      checkouts: bought,
    } = await teamOwner(server, 'write-timeout@example.com');
    const inner = memoryJournal();
    let landWrite: () => Promise<void> = async () => undefined;
    let writing: () => void = () => undefined;
    const writeStarted = new Promise<void>((resolve) => (writing = resolve));
    const journal: PurchaseJournal = {
      get: (key) => inner.get(key),
      claim: (key, record) => inner.claim!(key, record),
      set: (key, record) => {
        if (record.stage !== 'done') return inner.set(key, record);
        writing();
        // The write of the answer: slow, until the test lets it land.
        return new Promise<void>(
          (resolve) => (landWrite = () => inner.set(key, record).then(resolve)),
        );
      },
    };
    timers = holdTimers([TOTAL_MS]);
    const order = { service: 'ai-credits', how_many: 2, subscription };
    const call = client.consumables
      .checkout({ ...order, key: 'slow-write', journal }, { totalTimeout: TOTAL_MS })
      .catch((e: unknown) => e);
    await writeStarted;
    expect(timers.fire(TOTAL_MS)).toBe(1);
    const error = await call;
    expect(error).toBeInstanceOf(UnsettledKeyError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    const { message, mayHaveBeenProcessed } = error as UnsettledKeyError;
    expect(mayHaveBeenProcessed).toBe(true);
    expect(message).toContain('was charged (the service answered)');
    expect(message).toContain('time ran out (its signal or totalTimeout)');
    expect(message).toContain('client.journal.reconcile("slow-write")');
    expect(bought()).toBe(1);
    timers.restore();

    await landWrite(); // the write landed: its own promise, not a poll with a budget
    expect(await inner.get('slow-write')).toMatchObject({ stage: 'done', charged: 'yes' });
    const replayed = await client.consumables.checkout({ ...order, key: 'slow-write', journal });
    // The charge's own answer replayed (any id passed `toBeDefined`).
    expect(replayed.id).toBe(server.simulator.charges.at(-1)!.invoice);
    expect(bought()).toBe(1);
  });
});
