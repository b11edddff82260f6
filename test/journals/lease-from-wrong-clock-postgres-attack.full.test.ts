// lease-from-wrong-clock-attack.test.ts on a real PostgreSQL: a dead run's lease a year past the
// database's clock (a server whose clock was stepped a year on, then set right) held its key, and
// refused `reconcile` and `settle`, for that year. Such a key is unknown at once now.
import { describe, expect, it } from 'vitest';
import { UnsettledKeyError } from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { deadRunLeasedAhead } from '../support/dead-run-lease.js';
import { testPool } from '../support/postgres-server.js';
import { usePostgres } from '../support/postgres-test-bed.js';

const YEAR_MS = 365 * 24 * 3600 * 1000;

const bed = usePostgres();

describe("a dead run's lease a year past the database's clock", () => {
  it('its key is unknown at once, and reconcile settles it', async () => {
    const pool = testPool(bed.db.url);
    const journal = postgresJournal(pool, { table: 'wrong_clock' });
    try {
      await journal.get('warm-up'); // the database's clock read once
      const { client, keyed, charges } = await deadRunLeasedAhead(
        'pg-year-on@example.com',
        journal,
        () => journal.now(),
        YEAR_MS,
      );
      await expect(
        client.withOptions({ timeout: 100 }).consumables.checkout(keyed),
      ).rejects.toBeInstanceOf(UnsettledKeyError);
      await expect(client.journal.reconcile(keyed.key, { journal })).resolves.toMatchObject({
        charged: 'yes',
      });
      await client.consumables.checkout(keyed); // replayed, not paid again
      expect(charges()).toBe(1);
    } finally {
      await journal.close();
      await pool.end();
    }
  }, 120_000);
});
