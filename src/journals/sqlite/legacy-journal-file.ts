import { lstat, readFile, realpath } from 'node:fs/promises';
import type { JournalRecord } from '../journal.js';
import { checkRecord } from '../stored-record.js';
import { JournalError } from '../journal-errors.js';

/**
 * The journal file of seatpay 0.1.0: one JSON object of records. It is only ever read now (its
 * records carried into the database beside it), never rewritten: 0.1.0 can still read it as it
 * left it. Anything but such an object is someone else's data, a {@link JournalError}.
 */

/** What is at `path`: nothing, an SQLite database (or an empty file), or a 0.1.0 JSON file. */
export type JournalFileKind = 'none' | 'sqlite' | 'legacy';

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** What `file` (the journal at `path`) holds; a JournalError for anything else. */
export async function inspectJournalFile(
  file: string,
  path: string,
): Promise<{ kind: JournalFileKind; stamp: string }> {
  let text: string;
  let stamp = '';
  try {
    const stats = await lstat(file);
    stamp = `${stats.mtimeMs}:${stats.size}`;
    text = await readFile(file, 'latin1');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none', stamp };
    throw failure(`Could not read the journal ${path}`, path, error);
  }
  if (text.trim() === '' || text.startsWith(SQLITE_HEADER)) return { kind: 'sqlite', stamp };
  await readLegacyRecords(file, path); // damage is reported now, before anything else
  return { kind: 'legacy', stamp };
}

/** The records of a 0.1.0 journal file; a JournalError for anything that is not. */
export async function readLegacyRecords(
  file: string,
  path: string,
): Promise<Map<string, JournalRecord>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw failure(`Could not read the journal ${path}`, path, error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    // Never start afresh over a damaged journal: its records are what stops a second charge.
    throw new JournalError(`The journal ${path} is not JSON; fix or move it`, {
      path,
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const what = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed;
    throw new JournalError(
      `The journal ${path} holds ${what}, not seatpay's records; fix or move it`,
      {
        path,
      },
    );
  }
  // Own keys only, into a Map: keys such as `__proto__` or `constructor` are keys like any other.
  const records = new Map<string, JournalRecord>();
  for (const [key, value] of Object.entries(parsed)) {
    records.set(key, checkRecord(value, `journal ${path} (key "${key}")`, path));
  }
  return records;
}

/** The file to use: `file`, or what a symlink there points to; `path` names it in errors. */
export async function journalFileOf(file: string, path = file): Promise<string> {
  let stats;
  try {
    stats = await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return file;
    throw failure(`Could not read the journal ${path}`, path, error);
  }
  if (stats.isFile()) return file;
  if (!stats.isSymbolicLink()) {
    throw new JournalError(`The journal ${path} is not a file; move it away`, { path });
  }
  try {
    return await realpath(file);
  } catch (error) {
    throw failure(`The journal ${path} is a symlink to nothing`, path, error);
  }
}

/** A JournalError saying what failed, with the error's code (`EACCES` ...) or SQLite's message. */
export function failure(what: string, path: string, error: unknown): JournalError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // Every node:sqlite error has the same code: SQLite's message is the one that says what it was.
  const reason =
    typeof code === 'string' && code !== 'ERR_SQLITE_ERROR'
      ? code
      : String((error as Error | null)?.message ?? error);
  return new JournalError(`${what}: ${reason}`, { path, cause: error });
}
