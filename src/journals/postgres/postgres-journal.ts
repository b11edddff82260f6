import { JournalError } from '../journal-errors.js';
import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { checkRecord } from '../stored-record.js';
import type { JournalRecord, PurchaseJournal } from '../journal.js';
import { isSettled } from '../record-rules.js';
import { storedKey } from '../key-text.js';
import { qualifiedName, statements, tableSql } from './sql.js';
import { DatabaseClock } from './database-clock.js';

/**
 * What the journal needs of a `pg.Pool` (or anything with its `query`): a user's pool is used as
 * it is and never ended.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const pool: PgQueryable = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 * @category PostgreSQL
 */
export interface PgQueryable {
  /**
   * Runs one statement with its parameters.
   *
   * @example
   * ```ts
   * const { rows } = await pool.query('SELECT $1::int AS answer', [42]);
   * ```
   */
  query(text: string, values?: unknown[]): Promise<PgResult>;
}

/**
 * What `query` resolves to (a `pg.QueryResult` has these).
 *
 * @example
 * ```ts
 * const result: PgResult = await pool.query('SELECT 1 AS one');
 * ```
 * @category PostgreSQL
 */
export interface PgResult {
  /** The rows, one object per row. */
  rows: Record<string, unknown>[];
  /** How many rows the statement touched. */
  rowCount: number | null;
}

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
        const failure = journalError(action, error, connection.secret);
        if (unanswered && answerLost(error)) await unanswered(pool, failure);
        throw failure;
      });
      answered?.(sentAt, result);
    } catch (error) {
      throw journalError(action, error, connection.secret);
    }
    return result;
  };
  return {
    get: async (key) => {
      const { rows } = await run(
        `read the record of key "${key}"`,
        sql.get,
        [storedKey(key)],
        (sentAt, result) => clock.sample(sentAt, performance.now(), result.rows[0]?.clock),
      );
      const record = rows[0]?.record;
      return record === undefined || record === null ? undefined : recordOf(record, key);
    },
    set: async (key, record) => {
      await run(`write the record of key "${key}"`, sql.set, rowOf(storedKey(key), record));
    },
    claim: async (key, record) => {
      const row = rowOf(storedKey(key), record);
      const takeBack = (pool: PgQueryable, failure: JournalError) =>
        takeBackLostClaim(pool, sql.unclaim, row, key, failure);
      return (
        (await run(`claim the key "${key}"`, sql.claim, row, undefined, takeBack)).rowCount === 1
      );
    },
    list: async ({ after, limit } = {}) => {
      const { rows } = await run('list its records', sql.list, [after ?? null, limit ?? null]);
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
  };
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

interface PoolWithClients extends PgQueryable {
  connect(): Promise<PgQueryable & { release(): void }>;
}

function isPool(pool: PgQueryable): pool is PoolWithClients {
  return typeof (pool as Partial<PoolWithClients>).connect === 'function';
}

/** The pool to use, made on first use from a connection string (pg loaded only then). */
function connect(given: PgQueryable | string) {
  if (typeof given !== 'string') {
    if (typeof given !== 'object' || given === null || typeof given.query !== 'function') {
      throw new InvalidRequestError(
        'postgresJournal needs a pg.Pool (or anything with query) or a connection string',
        { field: 'pool' },
      );
    }
    return { pool: async () => given, close: async () => undefined, secret: undefined };
  }
  let made: Promise<MadePool> | undefined;
  const secret = passwordOf(given);
  return {
    secret,
    pool: () => (made ??= makePool(given)),
    close: async () => {
      const pool = made;
      made = undefined;
      if (pool) await endWithin(await pool.catch(() => undefined));
    },
  };
}

/** How long `close()` lets the statements in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Ends the pool: `pool.end()` waits for every statement in flight, which never ends while the
 * server is frozen or a lock holds one (a command would finish its work but never exit). After
 * {@link CLOSE_GRACE_MS} the connections still open are cut (their sockets destroyed): those
 * statements fail, and the pool ends.
 */
async function endWithin(pool: MadePool | undefined): Promise<void> {
  if (!pool) return;
  const ended = pool.end().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS);
  });
  const late = (await Promise.race([ended, grace])) === 'late';
  clearTimeout(timer);
  if (!late) return;
  for (const client of pool.clients) client.connection?.stream?.destroy();
  await ended;
}

/** What the journal keeps of a pool it made: pg's pool, and the clients it has open. */
interface MadePool extends PgQueryable {
  end(): Promise<void>;
  clients: Set<PgClientSocket>;
}

/** Enough of a pg client to cut its connection (its socket) when the pool must end now. */
interface PgClientSocket {
  connection?: { stream?: { destroy(): void } };
}

async function makePool(connectionString: string): Promise<MadePool> {
  let Pool: typeof import('pg').Pool;
  try {
    const pg = await import('pg');
    Pool = pg.default.Pool;
  } catch (error) {
    throw new JournalError('postgresJournal needs the pg package: npm install pg', {
      cause: error,
    });
  }
  const pool = new Pool({ connectionString, connectionTimeoutMillis: 10_000 });
  // A connection that dies while idle must not crash the process: the next query fails instead.
  pool.on('error', () => undefined);
  const clients = new Set<PgClientSocket>();
  pool.on('connect', (client) => void clients.add(client as unknown as PgClientSocket));
  pool.on('remove', (client) => void clients.delete(client as unknown as PgClientSocket));
  return Object.assign(pool, { clients });
}

/** The password in a connection string, so that no message ever repeats it. */
function passwordOf(connectionString: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(connectionString).password);
    return password === '' ? undefined : password;
  } catch {
    return undefined;
  }
}

function journalError(action: string, error: unknown, secret: string | undefined): JournalError {
  if (error instanceof JournalError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as Error | null)?.message ?? error);
  const said = secret === undefined ? message : message.replaceAll(secret, '***');
  return new JournalError(
    `The PostgreSQL journal could not ${action}: ${typeof code === 'string' ? `${code} ` : ''}${said}`,
  );
}

/**
 * Whether a failed statement may have committed with its answer lost: the connection failed (no
 * answer from the server, or a connection or shutdown SQLSTATE), not a statement the server
 * refused (which did nothing).
 */
function answerLost(error: unknown): boolean {
  const { code, severity } = (error ?? {}) as { code?: unknown; severity?: unknown };
  if (typeof severity !== 'string' || typeof code !== 'string') return true;
  return code.startsWith('08') || code.startsWith('57P');
}

/**
 * A claim whose answer was lost may have landed: the key would stay "sending" though nothing was
 * sent, and unknown to every later run. Its own record (the same JSON: this run's holder and
 * lease) is taken back on another of the pool's connections, and the call fails as not sent, safe
 * to retry. A record that is not this run's claim stays; if that statement fails too, the claim
 * is left as it may be (the failure as it was: unknown, settleable as any other).
 */
async function takeBackLostClaim(
  pool: PgQueryable,
  unclaim: string,
  row: unknown[],
  key: string,
  failure: JournalError,
): Promise<void> {
  let taken: PgResult;
  try {
    taken = await pool.query(unclaim, [row[0], row[1]]);
  } catch {
    return;
  }
  if (taken.rowCount !== 1) return;
  throw new JournalError(
    `The PostgreSQL journal's connection failed while it claimed the key "${key}": the claim was taken back and nothing was sent, safe to retry (${failure.message})`,
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
