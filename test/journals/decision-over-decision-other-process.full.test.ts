// Two decisions on one unknown key, each in a process of its own: an operator's
// `settle(charged: 'no')` and a reconcile that finds the charge. A run whose answer was lost
// dropped its lease when it ended, so neither could write by compare-and-set over the record it
// read: each read the key again right before its write, and the other's decision could land in
// between: "refused" over reconcile's "done" (the next run paid again), or "done" over the
// operator's "refused". The run now leaves its claim under a lease run out; every decision is a
// compare-and-set over the very record read. The other process decides while this one's write is
// held back (a gate on the journal's writes): the order of events, not timing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';

const DECIDER = new URL('./support/decision-maker.ts', import.meta.url).pathname;
const bed = usePostgresWithSubscriber('decision-over-decision@example.com');
const dir = mkdtempSync(join(tmpdir(), 'seatpay-decision-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Journal = PurchaseJournal & { close(): Promise<void> | void };
interface Store {
  journal: Journal;
  where: Record<string, string>;
}

/** Decides `key` (`reconcile` or `settle`) in another process; resolves with what it printed. */
function decideElsewhere(store: Store, decide: string, key: string): Promise<unknown> {
  const child = spawn(process.execPath, ['--import', 'tsx', DECIDER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...store.where,
      DECIDE: decide,
      DECIDE_KEY: key,
      DECIDE_URL: bed.server.url,
      DECIDE_TOKEN: bed.owner.token,
    },
  });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve(JSON.parse(said.trim() || 'null')));
  });
}

/**
 * `store.journal`, with its own `set` and `setIfHeld` (as a user's journal wrapping ours): the
 * first write of `key` waits until the other process has decided it (`decide`).
 */
function decidedElsewhereBeforeWrite(store: Store, decide: string, key: string) {
  const base = store.journal;
  const other: { said?: unknown } = {};
  let first = true;
  const gate = async (asked: string) => {
    if (asked !== key || !first) return;
    first = false;
    other.said = await decideElsewhere(store, decide, key);
  };
  const journal: PurchaseJournal = {
    ...base,
    set: async (asked, record, options) => {
      await gate(asked);
      return base.set(asked, record, options);
    },
    setIfHeld: async (asked, record, held, options) => {
      await gate(asked);
      return base.setIfHeld!(asked, record, held, options);
    },
  };
  return { journal, other };
}

let tables = 0;
let quantity = 10; // each test its own order: reconcile tells its invoice from the others'
const STORES: [string, () => Store][] = [
  [
    'fileJournal',
    () => {
      const path = join(dir, `journal-${++tables}.db`);
      return { journal: fileJournal(path), where: { DECIDE_JOURNAL_FILE: path } };
    },
  ],
  [
    'postgresJournal',
    () => {
      const table = `decision_race_${++tables}`;
      return {
        journal: postgresJournal(bed.db.url, { table }),
        where: { DECIDE_DATABASE_URL: bed.db.url, DECIDE_TABLE: table },
      };
    },
  ],
];

describe.each(STORES)('%s: two decisions on a key whose answer was lost', (_name, open) => {
  /** A keyed checkout charged by the service, its answer lost: the key is unknown. */
  async function answerLost(store: Store, key: string) {
    const order = { service: 'ai-credits', how_many: ++quantity, subscription: bed.subscription };
    const lossy = createClient({
      baseUrl: bed.server.url,
      token: bed.owner.token,
      logLevel: 'off',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const answer = await fetch(request);
        if (request.url.endsWith('/consumable/checkout')) throw new TypeError('fetch failed');
        return answer;
      },
    });
    const before = bed.checkouts();
    await expect(
      lossy.consumables.checkout({ ...order, key, journal: store.journal }),
    ).rejects.toMatchObject({ name: 'ConnectionError', mayHaveBeenProcessed: true }); // not any error
    expect(bed.checkouts()).toBe(before + 1);
    expect(await store.journal.get(key)).toMatchObject({ stage: 'sending', charged: 'unknown' });
    return order;
  }

  it("settle (charged: no) never lands over another process's reconcile", async () => {
    const store = open();
    const key = 'settle-after-reconcile';
    const order = await answerLost(store, key);
    const { journal, other } = decidedElsewhereBeforeWrite(store, 'reconcile', key);
    const settled = await bed.client.journal
      .settle(key, { journal, charged: 'no', reason: 'nothing on the statement yet' })
      .catch((error: unknown) => error);
    expect(other.said).toEqual({ charged: 'yes' });
    expect(settled).toMatchObject({ name: 'SettleRefusedError' });
    expect(await store.journal.get(key)).toMatchObject({
      stage: 'done',
      settled: { charged: 'yes', by: 'service' },
    });
    // The next run with the key never pays again.
    const before = bed.checkouts();
    await bed.client.consumables.checkout({ ...order, key, journal: store.journal });
    expect(bed.checkouts()).toBe(before);
    await store.journal.close();
  });

  it("reconcile never writes its finding over another process's settle", async () => {
    const store = open();
    const key = 'reconcile-after-settle';
    await answerLost(store, key);
    const { journal, other } = decidedElsewhereBeforeWrite(store, 'settle', key);
    const found = await bed.client.journal.reconcile(key, { journal });
    expect(other.said).toEqual({ charged: 'no' });
    // The operator's decision landed first and stands; reconcile reports it, writes nothing.
    expect(found).toMatchObject({ charged: 'no', record: { settled: { by: 'operator' } } });
    expect(await store.journal.get(key)).toMatchObject({
      stage: 'refused',
      settled: { charged: 'no', by: 'operator' },
    });
    await store.journal.close();
  });
});
