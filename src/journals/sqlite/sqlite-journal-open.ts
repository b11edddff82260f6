import type { DatabaseSync } from 'node:sqlite';
import { JournalError } from '../../core/errors/journal-errors.js';
import { sleep } from '../../core/retry/sleep.js';
import { failure } from './legacy-journal-file.js';

/** How long a statement waits for another process's lock, and how long opening keeps trying. */
export const LOCK_WAIT_MS = 15_000;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 250;

/**
 * Makes the database at hand a journal (WAL, every write flushed, its tables), while other
 * processes may be opening the same new file at the same moment. A new database starts in
 * rollback mode, and turning it into a WAL one is a write that SQLite refuses at once with
 * SQLITE_BUSY, busy_timeout or not, while another connection holds the write lock (waiting there
 * could deadlock, says SQLite's busy handler documentation): a sibling doing the very same thing
 * holds it for a moment. So it is tried again, after a pause that grows, for up to
 * {@link LOCK_WAIT_MS}; then a JournalError says what to do. Anything but a lock fails at once.
 * Once open, the database is WAL and every statement waits for locks itself (busy_timeout).
 */
export async function prepareJournalDatabase(db: DatabaseSync, path: string): Promise<void> {
  // Monotonic, and counting the time a statement itself waited for a lock (busy_timeout).
  const deadline = performance.now() + LOCK_WAIT_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      return prepare(db);
    } catch (error) {
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

function prepare(db: DatabaseSync): void {
  db.exec(`PRAGMA busy_timeout = ${LOCK_WAIT_MS}`); // first: the statements below wait for locks
  const { journal_mode: mode } = db.prepare('PRAGMA journal_mode').get() as {
    journal_mode: string;
  };
  // Only the change takes the write lock: a database already WAL (after its first open) needs none.
  if (mode !== 'wal') db.exec('PRAGMA journal_mode = WAL');
  db.exec(SCHEMA);
}

/** SQLITE_BUSY or SQLITE_LOCKED (any extended code of theirs): another connection holds a lock. */
function isLocked(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: unknown; message?: unknown };
  if (typeof errcode === 'number') return [5, 6].includes(errcode & 0xff);
  return typeof message === 'string' && /^database (table )?is locked/.test(message);
}

const SCHEMA = `
PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS seatpay_journal (
  key TEXT PRIMARY KEY NOT NULL,
  record TEXT NOT NULL,
  stage TEXT NOT NULL,
  settled INTEGER NOT NULL,
  written INTEGER
);
CREATE TABLE IF NOT EXISTS seatpay_journal_imports (source TEXT PRIMARY KEY NOT NULL, stamp TEXT NOT NULL);
`;
