import { JournalError } from '../journal-errors.js';
import { checkRecord } from '../stored-record.js';
import { pairedWithSet } from '../held-writer.js';
import type { JournalRecord, PurchaseJournal } from '../journal.js';
import { isSettled } from '../record-rules.js';
import { storedKey } from '../key-text.js';
import { qualifiedName, statements, tableSql } from './sql.js';
import { DatabaseClock } from './database-clock.js';
import { connect, isPool, poolName } from './pool.js';
import { passwordsOf, rememberPasswords } from './passwords.js';
import { scrubText } from '../../core/secrets/redact.js';
import { namingStore } from '../journal-store-name.js';
import { answerLost, takeBackLostClaim } from './lost-claim.js';
import type { PgQueryable, PgResult } from './pg-queryable.js';

export type { PgQueryable, PgResult } from './pg-queryable.js';

/**
 * The options of {@link postgresJournal}.
 *
 * @example
 * ```ts
 * const options: PostgresJournalOptions = { schema: 'billing', table: 'seatpay_journal' };
 * ```
 * @category PostgreSQL
 */
export interface PostgresJournalOptions {
  /** The table's name (a plain identifier). @defaultValue 'seatpay_journal' */
  table?: string;
  /** The schema to create the table in (created too, if missing); default: the search path's. */
  schema?: string;
  /** How long a dead process's claim holds its key (ms; `PurchaseJournal.lease`; 30,000). */
  lease?: number;
}

/**
 * A journal on PostgreSQL: one that any number of processes on any number of machines share, so
 * that a key is paid at most once whichever of them runs it. `claim` is one `INSERT ... ON
 * CONFLICT` (atomic in the database). A failed statement (the connection lost, the server gone) is
 * a `JournalError`, which fails a money call before it is sent, or leaves its record as it was
 * (an outcome then unknown, to reconcile). `close()` ends the pool only if the journal made it.
 * Leases are on the database's clock (`now()`, measured on the reads it makes anyway), so that the
 * machines sharing it agree on them whatever their own clocks say.
 *
 * @example
 * ```ts
 * import { postgresJournal } from 'seatpay/postgres';
 *
 * const journal = postgresJournal(process.env.DATABASE_URL!);
 * await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, key: 'topup-1', journal });
 * await journal.close();
 * ```
 * @category PostgreSQL
 */
export interface PostgresJournal extends PurchaseJournal {
  /**
   * Ends the pool the journal made from a connection string; a pool you passed stays open.
   * Statements in flight get 2 s to finish, then their connections are cut (they fail with a
   * `JournalError`): it returns even while the database is frozen.
   *
   * @example
   * ```ts
   * const journal = postgresJournal(process.env.DATABASE_URL!);
   * // ... keyed purchases and checkouts ...
   * await journal.close();
   * ```
   */
  close(): Promise<void>;
  /**
   * The database's clock (ms since 1970), as this process carries it forward: always a number
   * here, though a journal of your own may give a `Date` ({@link PurchaseJournal.now}).
   *
   * @example
   * ```ts
   * const skewMs = journal.now() - Date.now();
   * ```
   */
  now(): number;
}

/**
 * A {@link PostgresJournal} on `pool` (a `pg.Pool`, never ended by seatpay) or on a pool made from
 * a connection string (ended by `close()`). The table is created on first use (`CREATE TABLE IF
 * NOT EXISTS`, under a lock, so processes starting together do not trip over each other).
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { postgresJournal } from 'seatpay/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * const journal = postgresJournal(pool, { schema: 'billing' });
 * ```
 * @category PostgreSQL
 */
export function postgresJournal(
  poolOrConnectionString: PgQueryable | string,
  options: PostgresJournalOptions = {},
): PostgresJournal {
  const table = qualifiedName(options);
  const sql = statements(table);
  const connection = connect(poolOrConnectionString);
  rememberPasswords(poolOrConnectionString);
  const clock = new DatabaseClock();
  let ready: Promise<void> | undefined;
  const run = async (
    action: string,
    text: string,
    values: unknown[],
    answered?: (sentAt: number, result: PgResult) => void,
    unanswered?: (pool: PgQueryable, failure: JournalError) => Promise<void>,
  ) => {
    const pool = await connection.pool();
    ready ??= createTable(pool, table, options.schema).catch((error: unknown) => {
      ready = undefined; // try again on the next call: the server may be back
      throw error;
    });
    let result: PgResult;
    try {
      await ready;
      const sentAt = performance.now();
      result = await pool.query(text, values).catch(async (error: unknown) => {
        const failure = journalError(action, error, poolOrConnectionString);
        if (unanswered && answerLost(error)) await unanswered(pool, failure);
        throw failure;
      });
      answered?.(sentAt, result);
    } catch (error) {
      throw journalError(action, error, poolOrConnectionString);
    }
    return result;
  };
  // Every statement that gives the database's clock (a read, a write, a claim) measures it.
  const measured = (sentAt: number, result: PgResult) =>
    clock.sample(sentAt, performance.now(), result.rows?.[0]?.clock);
  const journal = pairedWithSet({
    get: async (key) => {
      const { rows } = await run(
        `read the record of key "${key}"`,
        sql.get,
        [storedKey(key)],
        measured,
      );
      const record = rows[0]?.record;
      return record === undefined || record === null ? undefined : recordOf(record, key);
    },
    set: async (key, record) => {
      await run(
        `write the record of key "${key}"`,
        sql.set,
        rowOf(storedKey(key), record),
        measured,
      );
    },
    claim: async (key, record) => {
      const row = rowOf(storedKey(key), record);
      const takeBack = (pool: PgQueryable, failure: JournalError) =>
        takeBackLostClaim(pool, sql.unclaim, row, key, failure);
      return (
        (await run(`claim the key "${key}"`, sql.claim, row, measured, takeBack)).rowCount === 1
      );
    },
    setIfHeld: async (key, record, held) => {
      const row = [...rowOf(storedKey(key), record), held.holder, [...held.leases]];
      const write = `write the record of key "${key}"`;
      return (await run(write, sql.setIfHeld, row, measured)).rowCount === 1;
    },
    list: async ({ after, limit } = {}) => {
      const page = [after ?? null, limit ?? null];
      const { rows } = await run('list its records', sql.list, page, measured);
      return rows.map((row) => ({
        key: String(row.key),
        record: recordOf(row.record, String(row.key)),
      }));
    },
    delete: async (key) =>
      void (await run(`delete the record of key "${key}"`, sql.delete, [storedKey(key)])),
    prune: async (olderThan) =>
      (await run('prune its records', sql.prune, [olderThan.toISOString()])).rowCount ?? 0,
    close: () => connection.close(),
    now: () => clock.now(),
    ...(options.lease === undefined ? {} : { lease: options.lease }),
  });
  // Two journals on one table (one pool, or one database) take their decisions in turns.
  const pool = poolName(poolOrConnectionString);
  return namingStore(journal, pool === undefined ? undefined : `postgres:${pool} ${table}`);
}

async function createTable(pool: PgQueryable, table: string, schema: string | undefined) {
  // One transaction under an advisory lock: CREATE ... IF NOT EXISTS alone can still collide
  // (a duplicate key in pg_type) when two processes run it at the same instant.
  const statementsToRun = [
    'BEGIN',
    "SELECT pg_advisory_xact_lock(hashtext('seatpay journal table'))",
    ...(schema === undefined ? [] : [`CREATE SCHEMA IF NOT EXISTS "${schema}"`]),
    tableSql(table),
    'COMMIT',
  ];
  if (!isPool(pool)) {
    for (const text of statementsToRun.slice(2, -1)) await pool.query(text);
    return;
  }
  const client = await pool.connect();
  try {
    for (const text of statementsToRun) await client.query(text);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A failed statement as a JournalError, every password the connection may use hidden in any
 * encoding: PostgreSQL quotes a database's or user's name, which holds one when it was given
 * another way than `user:password@` (`.../db&password=...`, keyword words after a URL: redteam61).
 */
function journalError(action: string, error: unknown, given: PgQueryable | string): JournalError {
  if (error instanceof JournalError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const said = scrubText(String((error as Error | null)?.message ?? error), passwordsOf(given));
  return new JournalError(
    `The PostgreSQL journal could not ${action}: ${typeof code === 'string' ? `${code} ` : ''}${said}`,
  );
}

function rowOf(key: string, record: JournalRecord): unknown[] {
  const written = Date.parse(record.updatedAt);
  const updatedAt = new Date(Number.isFinite(written) ? written : Date.now()).toISOString();
  return [key, JSON.stringify(record), record.stage, isSettled(record), updatedAt];
}

function recordOf(value: unknown, key: string): JournalRecord {
  return checkRecord(value, `PostgreSQL journal (key "${key}")`);
}
