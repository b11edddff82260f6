import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyInProgressError, type PurchaseJournal } from '../../src/index.js';
import { seededRandom } from '../../src/mock/index.js';
import { fileJournal } from '../../src/node.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';
import { runFleet, type ProcessRun } from './support/fleet.js';

// Issue 37: workers fed by an at-least-once queue all receive every key. Processes sharing one
// journal (a real PostgreSQL from npm; one fileJournal file) run every key, one process SIGKILLed
// mid-run: every key is charged exactly once by the simulator's own record; no key is reported
// unknown but those the killed process held (a key another live process holds is waited for and
// its answer replayed); and those become settleable once the journal's (short) lease ran out.

const KEYS = 48;
const WORKERS = 2;
// Short, so that the killed process's keys settle soon; long enough for a heartbeat (every third of
// it) to land on a machine as loaded as CI's.
const LEASE_MS = 5_000;
const bed = usePostgresWithSubscriber('duplicates@example.com', {
  subscriptionDelayMs: 10,
  random: seededRandom(37),
});
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seatpay-fleet-duplicates-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Every key to every process, each in its own order. `c<n>` buys n+1 units: its own amount. */
function everyKeyTo(processes: number, offset: number): string[][] {
  const random = seededRandom(offset + 1);
  const keys = Array.from({ length: KEYS }, (_, n) => `c${n + offset}`);
  return Array.from({ length: processes }, () =>
    keys
      .map((key) => ({ key, at: random() }))
      .sort((a, b) => a.at - b.at)
      .map(({ key }) => key),
  );
}

/** How many checkouts of each key the simulator charged since `count` (a key is its amount). */
function chargesByKey(since: number, offset: number): Map<string, number> {
  const counts = new Map<string, number>();
  const charges = bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).slice(since);
  for (const charge of charges.filter((c) => c.kind === 'consumable-checkout')) {
    const key = `c${Math.round(Number(charge.amount)) - 1}`;
    expect(Number(key.slice(1))).toBeGreaterThanOrEqual(offset);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Resolves once `journal`'s clock (the database's for PostgreSQL, this machine's for a file) is
 * past the lease `key`'s record holds: slept for what is left of it, read again, never a budget.
 */
async function untilLeaseRunOut(journal: PurchaseJournal, key: string): Promise<void> {
  const now = () => Number(journal.now?.() ?? Date.now());
  for (;;) {
    const leaseUntil = (await journal.get(key))?.leaseUntil;
    if (leaseUntil === undefined) return; // none held: never claimed, or finished
    const left = Date.parse(leaseUntil) - now();
    if (left < 0) return;
    await new Promise((resolve) => setTimeout(resolve, left + 1));
  }
}

/**
 * Runs the fleet (process 0 killed after its 10th started key), checks what the live processes
 * reported, settles what the killed one held, re-runs those keys, and checks the charges.
 */
async function duplicatesRound(
  processes: number,
  offset: number,
  journalOf: () => PurchaseJournal & { close?: () => unknown },
  where: { table: string; journalFile?: string },
) {
  const since = bed.server.simulator.charges.filter((c) => c.user === bed.owner.id).length;
  const runs = await runFleet({
    baseUrl: bed.server.url,
    token: bed.owner.token,
    databaseUrl: bed.db.url,
    subscription: bed.subscription,
    workers: WORKERS,
    keysOf: everyKeyTo(processes, offset),
    waitMs: 2_000,
    leaseMs: LEASE_MS,
    killAfter: (index) => (index === 0 ? 10 : undefined),
    ...where,
  });
  const [killed, ...alive] = runs as [ProcessRun, ...ProcessRun[]];
  expect(killed.killed).toBe(true);
  // The keys the killed process had started and not finished: the only ones it can have held.
  const held = new Set([...killed.started].filter((key) => !killed.ended.has(key)));
  for (const run of alive) {
    expect(run.ended.size).toBe(KEYS);
    for (const [key, outcome] of run.ended) {
      if (outcome === 'ok') continue;
      // Unknown only where the killed process held the key: never for a live process's key.
      expect({ key, outcome, held: held.has(key) }).toEqual({
        key,
        outcome: 'UnsettledKeyError',
        held: true,
      });
    }
  }
  // The killed process's keys: settleable once their lease ran out (until then: in progress).
  const journal = journalOf();
  const unknown = [...held];
  for (const key of unknown) {
    // Reconciled once, when the journal's own clock is past the dead run's lease: refused as in
    // progress then is a defect (a loop retrying on KeyInProgressError let a key held for ever pass).
    await untilLeaseRunOut(journal, key);
    const tried: unknown = await bed.client.journal.reconcile(key, { journal }).then(
      (result) => result,
      (error: unknown) => error,
    );
    expect(tried).not.toBeInstanceOf(KeyInProgressError);
    if (tried instanceof Error && tried.name === 'SettleRefusedError') continue; // known already
    if (tried instanceof Error) throw tried;
    if ((tried as { charged: string }).charged === 'unknown') {
      await bed.client.journal.settle(key, {
        journal,
        charged: 'no',
        reason: 'its worker was killed',
      });
    }
  }
  // What was settled as not charged runs again, once.
  const order = (key: string) => ({
    service: 'ai-credits',
    how_many: Number(key.slice(1)) + 1,
    subscription: bed.subscription,
  });
  for (const key of unknown) await bed.client.consumables.checkout({ ...order(key), key, journal });
  await journal.close?.();
  const charged = chargesByKey(since, offset);
  const keys = everyKeyTo(1, offset)[0]!;
  expect(keys.filter((key) => charged.get(key) !== 1)).toEqual([]);
  expect(charged.size).toBe(KEYS);
}

describe('workers that all receive every key, one of them killed', () => {
  it('three processes on one PostgreSQL journal: each key charged once, none unknown but the killed one’s', async () => {
    await duplicatesRound(3, 0, () => postgresJournal(bed.db.url, { table: 'duplicates' }), {
      table: 'duplicates',
    });
  }, 300_000);

  it('two processes on one fileJournal: the same', async () => {
    const path = join(dir, 'duplicates.db');
    await duplicatesRound(2, 1000, () => fileJournal(path), {
      table: 'unused',
      journalFile: path,
    });
  }, 300_000);
});
