import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, type CheckoutRecord } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { recordPaidElsewhere } from '../support/paid-elsewhere.js';
import { testPool, type PostgresServer } from '../support/postgres-server.js';
import { startPostgresProxy } from '../support/postgres-proxy.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { inMemorySubscriber } from '../support/team-owner.js';

// A machine suspended (a laptop's lid closed, a VM paused to migrate) while one of its runs holds a
// key on a PostgreSQL journal. Its monotonic clock (`performance.now()`, CLOCK_MONOTONIC) does not
// count the time it slept; its wall clock (`Date.now()`) does, as the database's does. The
// postgresJournal's clock is the database's carried on the monotonic clock between reads: by
// both, the run seems to have slept no time at all. Meanwhile its lease ran out, the key was
// settled as not charged (true: its request had not gone out) and run again elsewhere, paid. The
// run wakes, its request goes out and is refused: its "refused" must not land over the paid
// record (the key would read free, and the next delivery pay a second time).
// The sleep is played as the wall clock sees it (`Date` moved a minute on, `performance.now()`
// left alone); the other machine by writing its record into the shared table, as it would.

const bed = usePostgres();
afterEach(() => void vi.useRealTimers());

describe('a machine suspended past its lease, on a PostgreSQL journal', () => {
  it('never writes its refusal over the paid record of the machine that took the key over', async () => {
    const { client, gate, order: subscribed } = await inMemorySubscriber('suspended@example.com');
    const table = 'suspended_refusal';
    const journal = postgresJournal(bed.db.url, { table });
    const elsewhere = postgresJournal(bed.db.url, { table });
    try {
      const order = { ...subscribed, how_many: 3, journal };
      // An answer the service gave to this identity, to stand for the other machine's.
      await client.consumables.checkout({ ...order, key: 'earlier' });
      const { result } = (await journal.get('earlier')) as CheckoutRecord;

      // The service refuses the sleeper's request when it finally arrives: nothing charged.
      const asleep = gate.holdAll({ refuse: true });
      const run = client.consumables
        .checkout({ ...order, key: 'order-7' })
        .catch((e: unknown) => e);
      await asleep.arrived; // its request is out, held at the service
      expect(gate.sent()).toBe(2);
      // Suspended for a minute (twice the 30 s lease): the wall clock counts it, the monotonic not.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 60_000);
      // Meanwhile: settled as not charged, run again elsewhere, paid and recorded.
      const paidElsewhere = await recordPaidElsewhere(elsewhere, 'order-7', result!);

      asleep.open();
      expect(await run).toBeInstanceOf(APIError);
      expect(await elsewhere.get('order-7')).toEqual(paidElsewhere);
      // The next delivery of the order replays the other machine's answer: never paid again.
      const again = await client.consumables.checkout({ ...order, key: 'order-7' });
      expect(again).toEqual(result);
      expect(gate.sent()).toBe(2);
    } finally {
      await journal.close();
      await elsewhere.close();
    }
  }, 60_000);
});

/** A proxy to `db` that delays every answer of the server by `delayMs` (set at will). */
async function startAnswerDelayer(target: PostgresServer) {
  const state = { delayMs: 0 };
  const proxy = await startPostgresProxy(target, ({ client }) => ({
    toClient: (chunk) => {
      if (state.delayMs === 0) client.write(chunk);
      else setTimeout(() => client.write(chunk), state.delayMs);
    },
  }));
  return { ...proxy, state };
}

describe("a PostgreSQL journal's clock on a machine that was suspended", () => {
  it("is measured again at its next read, even a slower one: never a suspend's length behind", async () => {
    const SLEPT_MS = 60_000;
    const proxy = await startAnswerDelayer(bed.db);
    const journal = postgresJournal(proxy.url, { table: 'suspended_clock' });
    const direct = testPool(bed.db.url);
    const realNow = performance.now.bind(performance);
    try {
      // Awake: a quick read measures the database's clock.
      await journal.get('any');
      // Suspended for a minute: the database's clock and this machine's wall clock went on, the
      // monotonic clock did not (played from here on by taking the minute off it).
      vi.spyOn(performance, 'now').mockImplementation(() => realNow() - SLEPT_MS);
      // Awake again, on a slower network (a link coming back): the next read takes 2 s.
      proxy.state.delayMs = 2_000;
      await journal.get('any');
      const { rows } = await direct.query(
        'SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now',
      );
      const databaseNow = Number(rows[0].now);
      // Off by at most half that slow read (1 s, more under load), never by the minute slept.
      expect(Math.abs(journal.now() - databaseNow)).toBeLessThan(SLEPT_MS / 2);
    } finally {
      vi.restoreAllMocks();
      await journal.close();
      await direct.end();
      await proxy.close();
    }
  }, 60_000);
});
