import { describe, expect, it } from 'vitest';
import type { JournalRecord } from '../../src/index.js';
import { seededRandom } from '../../src/mock/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';
import { runFleet } from './support/fleet.js';

// Eight processes, four workers each, race on 500 keyed checkouts and 50 keyed purchases whose
// keys overlap across processes (each key is run by two processes), sharing one PostgreSQL
// journal and one simulator: every key is charged exactly once, as the simulator's own charge log
// shows. Then again with every process killed (SIGKILL) at a random call and the fleet started
// again: never two charges for a key, and every key's outcome known once reconciled.

const PROCESSES = 8;
const WORKERS = 4;
const bed = usePostgresWithSubscriber('fleet@example.com', {
  subscriptionDelayMs: 10,
  random: seededRandom(27),
});

/** The keys of a round, each given to two processes (i and i+1), each process's own order shuffled. */
function keysOf(round: string, offset: number): string[][] {
  // `c<n>` buys n+1 units: each key its own order, and each round orders of its own.
  const keys = [
    ...Array.from({ length: 500 }, (_, n) => `c${n + offset}`),
    ...Array.from({ length: 50 }, (_, n) => `p${n + offset}`),
  ];
  const random = seededRandom(round.length * 7919);
  const perProcess: string[][] = Array.from({ length: PROCESSES }, () => []);
  keys.forEach((key, n) => {
    perProcess[n % PROCESSES]!.push(key);
    perProcess[(n + 1) % PROCESSES]!.push(key);
  });
  return perProcess.map((list) =>
    list
      .map((key) => ({ key, at: random() }))
      .sort((a, b) => a.at - b.at)
      .map(({ key }) => key),
  );
}

/** What the simulator charged the owner in this round's table, by invoice id. */
function chargesSince(count: number) {
  const mine = bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).slice(count);
  return {
    checkouts: mine.filter((c) => c.kind === 'consumable-checkout').map((c) => c.invoice),
    payments: mine.filter((c) => c.kind === 'payment').map((c) => c.invoice),
  };
}

async function recordsOf(table: string): Promise<Map<string, JournalRecord>> {
  const journal = postgresJournal(bed.db.url, { table });
  const entries = await journal.list!();
  await journal.close();
  return new Map(entries.map(({ key, record }) => [key, record]));
}

/** Reconciles each key of `table` whose outcome is unknown, as a user would. */
async function reconcileUnknown(table: string): Promise<void> {
  const journal = postgresJournal(bed.db.url, { table });
  for (const [key, record] of await recordsOf(table)) {
    if (record.charged === 'unknown') await bed.client.journal.reconcile(key, { journal });
  }
  await journal.close();
}

function fleet(table: string, offset: number, killAfter?: (process: number) => number | undefined) {
  // A purchase whose pay was never sent (its process killed first) waits for nothing: short
  // there; where every pay goes through, as long as a loaded machine may need.
  const waitMs = table === 'fleet_killed' ? 2_000 : 60_000;
  return runFleet({
    baseUrl: bed.server.url,
    token: bed.owner.token,
    databaseUrl: bed.db.url,
    table,
    subscription: bed.subscription,
    workers: WORKERS,
    keysOf: keysOf(table, offset),
    waitMs,
    ...(killAfter ? { killAfter } : {}),
  });
}

describe('a fleet on one PostgreSQL journal', () => {
  it('8 processes × 4 workers, 550 keys each run by two processes: no key charged twice, each outcome known', async () => {
    const before = bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).length;
    const runs = await fleet('fleet_plain', 0);
    // A key another process holds in flight is waited for and replayed (issue 37), never run
    // twice; a wait that outlives the call's timeout says so (in progress elsewhere). On a loaded
    // machine a call may also time out itself (its journal or its request: unknown, or not sent),
    // or lose its loopback connection (32 workers at load 27: unknown, or not sent), reconciled below.
    const allowed = new Set([
      'ok',
      'UnsettledKeyError',
      'KeyInProgressError',
      'TimeoutError',
      'ConnectionError',
      'JournalError',
    ]);
    const outcomes = [...new Set(runs.flatMap((run) => [...run.ended.values()]))];
    const why = (outcome: string) => outcome.replace(/^PurchaseError:(no|unknown):/, '');
    expect(outcomes.filter((outcome) => !allowed.has(why(outcome)))).toEqual([]);
    expect(runs.reduce((sum, run) => sum + run.ended.size, 0)).toBe(1100);
    // What a call that timed out left unknown is reconciled, as a user would.
    await reconcileUnknown('fleet_plain');
    const charged = chargesSince(before);
    const records = await recordsOf('fleet_plain');
    // Never two charges for one key: `c<n>` is charged n+1 units, each its own amount.
    const amounts = bed.server.simulator.charges
      .filter((c) => c.user === bed.owner.id)
      .slice(before)
      .filter((c) => c.kind === 'consumable-checkout')
      .map((c) => c.amount);
    expect(new Set(amounts).size).toBe(amounts.length);
    // Each charge is its key's, recorded as charged with its invoice; no key recorded as charged
    // that was not.
    const invoiceOf = new Map(
      bed.server.simulator.charges
        .filter((c) => c.kind === 'payment')
        .map((c) => [c.subscription, c.invoice]),
    );
    const yes = [...records.values()].filter((record) => record.charged === 'yes');
    // A purchase whose pay answer was lost (a timeout under load) is done with the subscription it
    // waited for and no payment: that subscription's charge names its invoice.
    const invoices = yes.map((record) =>
      record.kind === 'checkout'
        ? record.result?.id
        : (record.payment?.id ?? invoiceOf.get(record.subscription?.id)),
    );
    expect(new Set(invoices).size).toBe(yes.length);
    expect(new Set([...charged.checkouts, ...charged.payments])).toEqual(new Set(invoices));
    // Where no call timed out (every call answered), every key was charged, exactly once.
    if (outcomes.every((outcome) => outcome === 'ok')) {
      expect(charged.checkouts).toHaveLength(500);
      expect(charged.payments).toHaveLength(50);
      expect(yes).toHaveLength(550);
    }
  }, 600_000);

  it('every process killed (SIGKILL) at a random call, then started again: no key charged twice', async () => {
    const before = bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).length;
    const random = seededRandom(4242);
    const first = await fleet('fleet_killed', 1000, () => 1 + Math.floor(random() * 60));
    expect(first.every((run) => run.killed)).toBe(true);
    await fleet('fleet_killed', 1000);
    // Keys whose call was in flight when their process died are unknown: reconcile each.
    await reconcileUnknown('fleet_killed');
    const records = await recordsOf('fleet_killed');
    const charged = chargesSince(before);
    const yes = [...records.values()].filter((record) => record.charged === 'yes');
    // Never two charges for one key: as many charges as keys charged, each key its own invoice.
    expect(charged.checkouts.length + charged.payments.length).toBe(yes.length);
    expect(new Set(charged.checkouts)).toEqual(
      new Set(
        yes
          .filter((r) => r.kind === 'checkout')
          .map((r) => (r as { result: { id: number } }).result.id),
      ),
    );
    const purchases = yes.filter((record) => record.kind !== 'checkout');
    expect(charged.payments).toHaveLength(purchases.length);
    const subscriptions = purchases.map(
      (r) => (r as { subscription?: { id: number } }).subscription,
    );
    expect(new Set(subscriptions.map((s) => s?.id)).size).toBe(purchases.length);
    // Every key that is not charged is recorded as not charged or still unknown: never lost.
    expect(records.size).toBe(550);
  }, 600_000);
});
