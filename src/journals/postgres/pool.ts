import { JournalError } from '../journal-errors.js';
import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import type { PgQueryable } from './pg-queryable.js';
import { passwordsOf } from './passwords.js';
import { scrubText } from '../../core/secrets/redact.js';

// The pool a postgresJournal queries: the user's own, or one made from a connection string
// (pg loaded only then), ended within a grace period by close().

interface PoolWithClients extends PgQueryable {
  connect(): Promise<PgQueryable & { release(): void }>;
}

export function isPool(pool: PgQueryable): pool is PoolWithClients {
  return typeof (pool as Partial<PoolWithClients>).connect === 'function';
}

/**
 * A pg.Client (one connection, which `connect()` opens rather than lends): the journal would take
 * it for a pool and fail on every call. pg's clients, JavaScript and native, hold their parsed
 * `connectionParameters`; a pg.Pool does not.
 */
function isClient(given: object): boolean {
  return isPool(given as PgQueryable) && 'connectionParameters' in given;
}

/** The pool to use, made on first use from a connection string (pg loaded only then). */
export function connect(given: PgQueryable | string) {
  if (typeof given !== 'string') {
    if (typeof given !== 'object' || given === null || typeof given.query !== 'function') {
      throw new InvalidRequestError(
        'postgresJournal needs a pg.Pool (or anything with query) or a connection string',
        { field: 'pool' },
      );
    }
    if (isClient(given)) {
      throw new InvalidRequestError(
        'postgresJournal needs a pg.Pool or a connection string, not a pg.Client: a journal runs ' +
          'statements on several connections at once (a claim, its lease). Make a pg.Pool with ' +
          'the same settings (new pg.Pool({ ... })), or pass the connection string',
        { field: 'pool' },
      );
    }
    return { pool: async () => given, close: async () => undefined };
  }
  let made: Promise<MadePool> | undefined;
  return {
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

/** A number for each pool given, in this process. */
const poolNumbers = new WeakMap<object, number>();
let pools = 0;

/**
 * What names the database a journal writes: a pool given, or a connection string's host, port and
 * database (never its user nor password: one typed into its path, `/db&password=...`, is hidden,
 * as the name shows in a printed journal); undefined for one that is no URL. Two names for one
 * database only let decisions run at once, as two processes' do; one name for two, in turns.
 */
export function poolName(given: PgQueryable | string): string | undefined {
  if (typeof given !== 'string') {
    if (!poolNumbers.has(given)) poolNumbers.set(given, ++pools);
    return `pool ${poolNumbers.get(given)}`;
  }
  try {
    const { host, pathname } = new URL(given);
    return scrubText(`${host}${pathname}`, passwordsOf(given));
  } catch {
    return undefined;
  }
}
