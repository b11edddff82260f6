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
