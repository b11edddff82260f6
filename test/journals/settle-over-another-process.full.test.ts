// An operator's `journal.settle` (and `reconcile`) read the key's unknown record, decided, and
// wrote: a run of another process that finished the key in between (its paid "done" written
// with a plain set, as a charge always is) had "refused" written over it, and the next run with
// the key paid again. The decision is now written only over the record that was read (the
// journal's compare-and-set, `setIfHeld`). Two real processes on one fileJournal and on a real
// PostgreSQL: the other process's write lands right after the operator's read.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { JournalRecord, PurchaseJournal } from '../../src/index.js';
import { fileJournal } from '../../src/node.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresWithSubscriber } from '../support/postgres-test-bed.js';

const WRITER = new URL('./support/record-writer.ts', import.meta.url).pathname;
const bed = usePostgresWithSubscriber('settle-over-another@example.com');
const dir = mkdtempSync(join(tmpdir(), 'seatpay-settle-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `record` under `key` from another process; resolves once it landed there. */
function writeFromAnotherProcess(where: Record<string, string>, key: string, record: object) {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...where, WRITER_KEY: key, WRITER_RECORD: JSON.stringify(record) },
  });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', () => resolve(said.trim()));
  });
}

interface Store {
  journal: PurchaseJournal & { close(): Promise<void> | void };
  where: Record<string, string>;
}

let tables = 0;
// Each test its own quantity: reconcile tells its invoice from the other tests'.
let quantity = 1;
const STORES: [string, () => Store][] = [
  [
    'fileJournal',
    () => {
      const path = join(dir, `journal-${++tables}.db`);
      return { journal: fileJournal(path), where: { WRITER_JOURNAL_FILE: path } };
    },
  ],
  [
    'postgresJournal',
    () => {
      const table = `settle_race_${++tables}`;
      return {
        journal: postgresJournal(bed.db.url, { table }),
        where: { WRITER_DATABASE_URL: bed.db.url, WRITER_TABLE: table },
      };
    },
  ],
];

/** `journal`, the other process writing `record` under `key` right after read number `nth`. */
function racedAfterRead(store: Store, nth: number, key: string, record: object): PurchaseJournal {
  let reads = 0;
  const { journal } = store;
  return {
    ...journal,
    get: async (asked, options) => {
      const found = await journal.get(asked, options);
      if (asked === key && ++reads === nth) {
        expect(await writeFromAnotherProcess(store.where, key, record)).toBe('written');
      }
      return found;
    },
  };
}

describe.each(STORES)(
  '%s: a decision on an unknown key, its run finishing elsewhere meanwhile',
  (_name, open) => {
    let order = () => ({ service: 'ai-credits', how_many: 1, subscription: bed.subscription });
    beforeEach(() => {
      const how_many = ++quantity;
      order = () => ({ service: 'ai-credits', how_many, subscription: bed.subscription });
    });
    // A claim whose lease ran out an hour ago: unknown, settleable.
    const unknown = (key: string): JournalRecord => ({
      kind: 'checkout',
      stage: 'sending',
      charged: 'unknown',
      params: order(),
      updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
      holder: `holder-${key}`,
      leaseUntil: new Date(Date.now() - 3_000_000).toISOString(),
    });

    it('settle (charged: no) never writes "refused" over the run\'s paid record', async () => {
      const store = open();
      const key = 'settle-race-1';
      await store.journal.set(key, unknown(key));
      const paid = await bed.client.consumables.checkout(order()); // the other run's charge
      const done = {
        ...unknown(key),
        stage: 'done',
        charged: 'yes',
        result: paid,
        updatedAt: new Date().toISOString(),
      };
      const journal = racedAfterRead(store, 1, key, done);
      const settled = await bed.client.journal
        .settle(key, { charged: 'no', reason: 'no invoice found', journal })
        .catch((e: unknown) => e);
      expect(settled).toMatchObject({ name: 'SettleRefusedError' });
      expect(await store.journal.get(key)).toMatchObject({ stage: 'done', charged: 'yes' });
      expect((await store.journal.get(key))?.settled).toBeUndefined();
      // A re-run replays the paid answer: nothing charged again.
      const before = bed.checkouts();
      const again = await bed.client.consumables.checkout({
        ...order(),
        key,
        journal: store.journal,
      });
      expect(again.id).toBe(paid.id);
      expect(bed.checkouts()).toBe(before);
      await store.journal.close();
    });

    it("reconcile never writes its finding over the run's own record", async () => {
      const store = open();
      const key = 'reconcile-race-1';
      await store.journal.set(key, unknown(key));
      const paid = await bed.client.consumables.checkout(order()); // its invoice is the evidence
      const done = {
        ...unknown(key),
        stage: 'done',
        charged: 'yes',
        result: paid,
        updatedAt: new Date().toISOString(),
      };
      // reconcile reads the key (its owner, then its record), asks the service, reads it again, writes.
      const journal = racedAfterRead(store, 3, key, done);
      const found = await bed.client.journal.reconcile(key, { journal });
      expect(found).toMatchObject({ charged: 'yes', record: { stage: 'done', result: paid } });
      const recorded = await store.journal.get(key);
      expect(recorded).toMatchObject({ stage: 'done', charged: 'yes', result: paid });
      expect(recorded?.settled).toBeUndefined();
      await store.journal.close();
    });
  },
);
