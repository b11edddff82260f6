import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import type { PurchaseJournal } from '../../src/index.js';
import { createSimulator } from '../../src/mock/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';
import { testPool } from '../support/postgres-server.js';
import { requestGate } from '../support/request-gate.js';

// A fleet's machines each have a clock of their own; a PostgreSQL journal they share has one:
// leases are written and judged on the database's. The claimer here runs in a process whose clock
// is a minute off (support/skewed-claimer.ts); this process, the waiter, keeps the true time.
// The claimer's checkout is charged and its answer held at a gate for as long as the test says:
// the waiter acts while that run is alive whatever the load (a latency raced it: a waiter come
// late only replayed a finished run, and the skew went untested).

const CHILD = new URL('./support/skewed-claimer.ts', import.meta.url).pathname;
const CHECKOUT = 'POST /v2/payments/consumable/checkout';
const LEASE_MS = 1_500;
const SKEW_MS = 60_000;

const children = new Set<ChildProcess>();
const simulator = createSimulator({ subscriptionDelayMs: 10 });
afterAll(() => simulator.close()); // registered first: runs once the server is closed
const gate = requestGate(simulator, CHECKOUT, { hold: 'answer' });
const bed = usePostgresWithSubscriber('skew@example.com', { simulator: gate.simulator });
afterAll(() => {
  gate.open(undefined); // drops what is still held
  for (const child of children) child.kill('SIGKILL');
});

const order = () => ({ service: 'ai-credits', how_many: 2, subscription: bed.subscription });

/** The claimer: a process whose `Date.now()` is `skewMs` off; resolves to the line it printed. */
function claimer(table: string, key: string, skewMs: number) {
  const args = [
    bed.server.url,
    table,
    String(bed.subscription),
    key,
    String(skewMs),
    String(LEASE_MS),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SEATPAY_TOKEN: bed.owner.token, CLAIMER_DATABASE_URL: bed.db.url },
  });
  children.add(child);
  let said = '';
  createInterface({ input: child.stdout! }).on('line', (line) => (said = line));
  const ended = new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => {
      children.delete(child);
      resolve(said);
    });
  });
  return { child, ended };
}

/** `journal` telling when `key` was read `count` times (the waiter's first read and its polls). */
function readsOf(journal: PurchaseJournal, key: string, count: number) {
  let reads = 0;
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  const watched = new Proxy(journal, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (name !== 'get') return value.bind(target);
      return async (read: string) => {
        const record: unknown = await journal.get(read);
        if (read === key && ++reads >= count) reached();
        return record;
      };
    },
  });
  return { watched, done };
}

/** The key's lease and the database's clock, both in ms since 1970, read by the database. */
async function leaseAndDatabaseClock(table: string, key: string) {
  const pool = testPool(bed.db.url);
  try {
    const { rows } = await pool.query(
      `SELECT record->>'leaseUntil' AS until, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now FROM "${table}" WHERE key = $1`,
      [key],
    );
    return { until: Date.parse(String(rows[0].until)), now: Number(rows[0].now) };
  } finally {
    await pool.end();
  }
}

describe('leases on the database clock (a fleet whose clocks disagree)', () => {
  it('a claimer a minute behind is waited for while alive, and its answer replayed', async () => {
    const table = 'skew_behind';
    gate.open(0); // the claimer's checkout charged, its answer held (it heartbeats meanwhile)
    const before = bed.checkouts();
    const { ended } = claimer(table, 'late-clock', -SKEW_MS);
    await gate.held(1);
    const journal = postgresJournal(bed.db.url, { table, lease: LEASE_MS });
    // The claimer answered once the waiter has found the key held twice (it waits), or has failed.
    const { watched, done } = readsOf(journal, 'late-clock', 2);
    // Before: its lease read as run out a minute ago on this machine: UnsettledKeyError at once.
    const waiting = bed.client.consumables.checkout({
      ...order(),
      key: 'late-clock',
      journal: watched,
    });
    await Promise.race([done, waiting.catch(() => undefined)]);
    gate.open(undefined);
    const waited = await waiting;
    const said = await ended;
    expect(said).toBe(`end ok ${waited.id}`);
    expect(bed.checkouts()).toBe(before + 1);
    await journal.close();
  }, 60_000);

  it("a dead claimer a minute ahead holds its key one lease on the database's clock, then it settles", async () => {
    const table = 'skew_ahead';
    // Charged, then never answered: the claimer is killed with its outcome unknown.
    gate.open(0);
    const before = bed.checkouts();
    const { child, ended } = claimer(table, 'early-clock', SKEW_MS);
    await gate.held(1);
    expect(bed.checkouts()).toBe(before + 1);
    child.kill('SIGKILL');
    await ended;
    gate.open(undefined);
    // Its last lease runs at most one lease past the database's time (before: a minute more).
    const { until, now } = await leaseAndDatabaseClock(table, 'early-clock');
    expect(until - now).toBeLessThanOrEqual(LEASE_MS);
    // Once the database's clock is past it, the key is unknown and settleable here.
    for (;;) {
      const read = await leaseAndDatabaseClock(table, 'early-clock');
      if (read.now > read.until) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const journal = postgresJournal(bed.db.url, { table, lease: LEASE_MS });
    const settled = await bed.client.journal.settle('early-clock', {
      journal,
      charged: 'yes',
      reason: 'on the statement',
    });
    expect(settled).toMatchObject({ charged: 'yes', settled: { by: 'operator' } });
    await expect(
      bed.client.consumables.checkout({ ...order(), key: 'early-clock', journal }),
    ).rejects.toMatchObject({ name: 'SettledKeyError' });
    expect(bed.checkouts()).toBe(before + 1);
    await journal.close();
  }, 60_000);
});
