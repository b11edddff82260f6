import { InvalidRequestError } from '../../core/errors/validation-errors.js';

/**
 * The SQL of the PostgreSQL journal, in one place (docs/journals.md shows the same table). `key`
 * sorts by code point (`COLLATE "C"`), as every store lists keys; `settled` says whether pruning
 * may remove the record.
 */
export function tableSql(table: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (
  key text COLLATE "C" PRIMARY KEY,
  record jsonb NOT NULL,
  stage text NOT NULL,
  settled boolean NOT NULL,
  updated_at timestamptz NOT NULL
)`;
}

/** `"schema"."table"` (or `"table"`), checked to be plain identifiers before anything is sent. */
export function qualifiedName(options: { table?: string; schema?: string }): string {
  const table = identifier(options.table ?? 'seatpay_journal', 'table');
  return options.schema === undefined ? table : `${identifier(options.schema, 'schema')}.${table}`;
}

function identifier(name: unknown, field: string): string {
  if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
    throw new InvalidRequestError(
      `Invalid ${field}: must be a plain SQL identifier (letters, digits, _; at most 63)`,
      { field },
    );
  }
  return `"${name}"`;
}

/** The statements, for one table. `$1` is always the key. */
export function statements(table: string) {
  const columns = '(key, record, stage, settled, updated_at) VALUES ($1, $2, $3, $4, $5)';
  const clock = '(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS clock';
  const replace =
    'record = excluded.record, stage = excluded.stage, settled = excluded.settled, updated_at = excluded.updated_at';
  return {
    // Always one row: the record (null if none) and the database's clock, in ms since 1970, read
    // as the statement runs (`clock_timestamp()`, not the transaction's `now()`): leases are
    // written and judged on it (database-clock.ts), measured without a statement of its own.
    get: `SELECT (SELECT record FROM ${table} WHERE key = $1) AS record, ${clock}`,
    // Writes give the clock too: a run holding a key reads it only before its claim, and its
    // heartbeats carry its clock past a step of the database's (an NTP step, a failover).
    set: `INSERT INTO ${table} ${columns} ON CONFLICT (key) DO UPDATE SET ${replace} RETURNING ${clock}`,
    // Atomic on any number of machines: a new key, or a refused call's (nothing charged).
    claim: `INSERT INTO ${table} ${columns} ON CONFLICT (key) DO UPDATE SET ${replace} WHERE ${table}.stage = 'refused' RETURNING ${clock}`,
    // A write of the run holding the key, only while the key is still its live claim
    // (held-claim.ts): a renewal that lands after the outcome, or after another run took the key
    // over, changes nothing.
    setIfHeld: `UPDATE ${table} SET record = $2::jsonb, stage = $3, settled = $4, updated_at = $5 WHERE key = $1 AND NOT settled AND record->>'holder' = $6 AND record->>'leaseUntil' = ANY($7::text[]) RETURNING ${clock}`,
    // A claim whose answer was lost, taken back only if the key still holds that very record.
    unclaim: `DELETE FROM ${table} WHERE key = $1 AND record = $2::jsonb`,
    // A list gives the clock too: a process that only lists (an operator's) judges leases on it.
    list: `SELECT key, record, ${clock} FROM ${table} WHERE ($1::text IS NULL OR key > $1) ORDER BY key LIMIT $2`,
    delete: `DELETE FROM ${table} WHERE key = $1`,
    prune: `DELETE FROM ${table} WHERE settled AND updated_at < $1`,
  };
}
