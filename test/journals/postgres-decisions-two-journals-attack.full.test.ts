// Two postgresJournal objects on one table in one process (a handler that opens its journal per
// request, on the app's pool or on the database's URL): two decisions at once on a record that
// names no claim (written by a build before leases were kept) both read it unknown and both
// wrote: "not charged" over "charged", and the next run paid again. They take turns now, as two
// decisions through one journal object do (decisions-two-journal-objects-attack.test.ts: fileJournal).
import { afterEach, describe, expect, it } from 'vitest';
import { SettleRefusedError, type JournalRecord, type PurchaseJournal } from '../../src/index.js';
import { postgresJournal, type PostgresJournal } from '../../src/postgres.js';
import { testPool } from '../support/postgres-server.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import { checkoutAnswerLost } from '../support/lost-answer.js';
import { inMemorySubscriber } from '../support/team-owner.js';

const bed = usePostgres();
const ends: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const end of ends.splice(0)) await end();
});

/** The record as a build before leases were kept left it: no holder, no lease. */
async function asEarlierBuild(journal: PurchaseJournal, key: string): Promise<void> {
  const { holder: _holder, leaseUntil: _lease, ...earlier } = (await journal.get(key))!;
  await journal.set(key, earlier as JournalRecord);
}

const OPENINGS: [string, (table: string) => [PostgresJournal, PostgresJournal]][] = [
  [
    'one pool',
    (table) => {
      const pool = testPool(bed.db.url);
      ends.push(() => pool.end());
      return [postgresJournal(pool, { table }), postgresJournal(pool, { table })];
    },
  ],
  [
    "the database's URL, twice",
    (table) => {
      const journals = [
        postgresJournal(bed.db.url, { table }),
        postgresJournal(bed.db.url, { table }),
      ];
      for (const journal of journals) ends.push(() => journal.close());
      return journals as [PostgresJournal, PostgresJournal];
    },
  ],
];

describe.each(OPENINGS)('two postgresJournal on %s, one table', (name, open) => {
  it('settle "charged" and settle "not charged" at once: one lands, the other is refused', async () => {
    const { simulator, client, order, charges } = await inMemorySubscriber(
      `two-pg-${name.length}@example.com`,
    );
    const [first, second] = open(`two_journals_${name.length}`);
    const keyed = { ...order, key: 'lost-answer', journal: first };
    await checkoutAnswerLost(simulator, client, keyed);
    await asEarlierBuild(first, keyed.key);
    await second.get(keyed.key); // both ready
    const decisions = await Promise.allSettled([
      client.journal.settle(keyed.key, { charged: 'yes', reason: 'invoice 7', journal: first }),
      client.journal.settle(keyed.key, { charged: 'no', reason: 'no invoice', journal: second }),
    ]);
    expect(decisions.map(({ status }) => status)).toEqual(['fulfilled', 'rejected']);
    expect((decisions[1] as PromiseRejectedResult).reason).toBeInstanceOf(SettleRefusedError);
    expect((await second.get(keyed.key))?.settled?.charged).toBe('yes');
    await expect(client.consumables.checkout(keyed)).rejects.toThrow(/settled as charged/);
    expect(charges()).toBe(1);
  });
});
