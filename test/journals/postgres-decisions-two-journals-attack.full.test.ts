// Two postgresJournal objects on one table in one process (a handler that opens its journal per
// request, on the app's pool or on the database's URL): two decisions at once on a record that
// names no claim (written by a build before leases were kept) both read it unknown and both
// wrote: "not charged" over "charged", and the next run paid again. They take turns now, as two
// decisions through one journal object do (decisions-two-journal-objects-attack.test.ts: fileJournal).
import { afterEach, describe, it } from 'vitest';
import { postgresJournal, type PostgresJournal } from '../../src/postgres.js';
import { testPool } from '../support/postgres-server.js';
import { usePostgres } from '../support/postgres-test-bed.js';
import {
  earlierBuildLostAnswer,
  expectOneSettleLands,
} from '../support/earlier-build-decisions.js';

const bed = usePostgres();
const ends: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const end of ends.splice(0)) await end();
});

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
    const [first, second] = open(`two_journals_${name.length}`);
    const lost = await earlierBuildLostAnswer(`two-pg-${name.length}@example.com`, first, second);
    await expectOneSettleLands(lost, first, second);
  });
});
