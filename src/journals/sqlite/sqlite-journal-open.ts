import type { DatabaseSync } from 'node:sqlite';
import { JournalError } from '../journal-errors.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { sleep } from '../../core/retry/sleep.js';
import { failure } from './legacy-journal-file.js';

/** How long a statement waits for another process's lock, and how long opening keeps trying. */
export const LOCK_WAIT_MS = 15_000;
export const FIRST_PAUSE_MS = 5;
export const LONGEST_PAUSE_MS = 250;

/**
 * Makes the database at hand a journal (WAL, every write flushed, its tables), while other
 * processes may be opening the same new file at the same moment. A new database starts in
 * rollback mode, and turning it into a WAL one is a write that SQLite refuses at once with
 * SQLITE_BUSY, busy_timeout or not, while another connection holds the write lock (waiting there
 * could deadlock, says SQLite's busy handler documentation): a sibling doing the very same thing
 * holds it for a moment. So it is tried again, after a pause that grows, for up to
 * {@link LOCK_WAIT_MS}; then a JournalError says what to do. Anything but a lock fails at once.
 * SQLite's own wait (busy_timeout) is off: it would block the whole process, timers and signals
 * included; every statement's wait for a lock is {@link withLockWait}'s, on timers.
 * A database that holds anything but a journal's tables (another program's) is refused before
 * anything is written to it.
 */
export async function prepareJournalDatabase(db: DatabaseSync, path: string): Promise<void> {
  // Monotonic: a clock jump neither ends nor stretches the wait.
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return prepare(db, path);
    } catch (error) {
      if (error instanceof JournalError) throw error;
      if (!isLocked(error)) throw failure(`Could not open the journal ${path}`, path, error);
      if (performance.now() >= deadline) {
        throw new JournalError(
          `The journal ${path} stayed locked by another process for ${LOCK_WAIT_MS / 1000} s while opening it: let that process finish (or end it), then try again`,
          { path, cause: error },
        );
      }
    }
    await sleep(pause);
  }
}

function prepare(db: DatabaseSync, path: string): void {
  db.exec('PRAGMA busy_timeout = 0'); // a lock is waited for on timers, never in SQLite's sleep
  checkOnlyJournalTables(db, path); // before anything changes it: WAL, tables
  const { journal_mode: mode } = db.prepare('PRAGMA journal_mode').get() as {
    journal_mode: string;
  };
  // Only the change takes the write lock: a database already WAL (after its first open) needs none.
  if (mode !== 'wal') db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA);
}

/** What a journal database may hold: its two tables and their primary keys' indexes. */
const JOURNAL_OBJECTS = new Set([
  'seatpay_journal',
  'seatpay_journal_imports',
  'sqlite_autoindex_seatpay_journal_1',
  'sqlite_autoindex_seatpay_journal_imports_1',
]);

/**
 * A new (empty) database, or one holding only a journal's tables; anything else is another
 * program's database, never written to: a JournalError naming the file and what it holds.
 */
function checkOnlyJournalTables(db: DatabaseSync, path: string): void {
  const objects = db.prepare('SELECT type, name FROM sqlite_schema').all() as Array<{
    type: string;
    name: string;
  }>;
  const foreign = objects.filter(({ name }) => !JOURNAL_OBJECTS.has(name));
  if (foreign.length === 0) return;
  const named = foreign
    .slice(0, 3)
    .map(({ type, name }) => `${type} ${JSON.stringify(name)}`)
    .join(', ');
  throw new JournalError(
    `The journal ${path} is an SQLite database that is not a seatpay journal (it holds ${named}${foreign.length > 3 ? ', ...' : ''}); nothing was written to it: give fileJournal a path of its own`,
    { path },
  );
}

/**
 * Runs `work` (synchronous SQLite statements), trying again while another connection holds a lock
 * (SQLITE_BUSY): after a pause on a timer that grows, so the process goes on meanwhile, for up to
 * {@link LOCK_WAIT_MS}, and never past `signal` (an AbortError then: the statement did not run).
 */
export async function withLockWait<T>(
  work: () => T,
  signal: AbortSignal | undefined,
  stillLocked: (error: unknown) => Error,
): Promise<T> {
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    try {
      return work();
    } catch (error) {
      if (!isLocked(error)) throw error;
      if (performance.now() >= deadline) throw stillLocked(error);
    }
    await sleep(pause, signal);
  }
}

/** SQLITE_BUSY or SQLITE_LOCKED (any extended code of theirs): another connection holds a lock. */
export function isLocked(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: unknown; message?: unknown };
  if (typeof errcode === 'number') return [5, 6].includes(errcode & 0xff);
  return typeof message === 'string' && /^database (table )?is locked/.test(message);
}

// `synchronous = NORMAL` in WAL mode: a commit reaches the OS (a killed process loses none) but is
// on disk only at the next checkpoint's fsync. Not enough for a claim: one a power cut loses
// leaves a key whose pay was sent unclaimed, and a re-run pays again; so a claim is flushed by
// WalFlush (fdatasync of the log, off the event loop) before it resolves. Enough for every other
// write (an outcome, a lease, a settlement): one lost reads as before it, claimed and unknown
// (settleable, never paid again), and the next claim's flush covers it (docs/journals.md, "What a
// power cut can lose"). FULL would flush every commit in the statement, holding the event loop
// for the disk's time, twice per keyed call where one flush off the loop is the promise.
const SCHEMA = `
PRAGMA synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS seatpay_journal (
  key TEXT PRIMARY KEY NOT NULL,
  record TEXT NOT NULL,
  stage TEXT NOT NULL,
  settled INTEGER NOT NULL,
  written INTEGER
);
CREATE TABLE IF NOT EXISTS seatpay_journal_imports (source TEXT PRIMARY KEY NOT NULL, stamp TEXT NOT NULL);
`;
