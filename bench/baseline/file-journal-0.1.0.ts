import { randomBytes } from 'node:crypto';
import { lstat, open, readFile, realpath, rename, unlink } from 'node:fs/promises';
import type { JournalOptions, JournalRecord, PurchaseJournal } from '../../src/journals/journal.js';
import { checkRecord, isFree } from '../../src/journals/stored-record.js';
import { JournalError } from '../../src/journals/journal-errors.js';
import { codeOf, withFileLock } from './file-lock-0.1.0.js';

type Records = Map<string, JournalRecord>;

/**
 * A journal in one JSON file, for scripts: a purchase or checkout whose process died (a crash, a
 * kill, a reboot) is never paid twice, and two processes sharing the file cannot both pay for one
 * key. Every write goes to a temporary file, is flushed, then renamed over `path` (or over the
 * file a symlink at `path` points to), so a reader sees the old file or the new one, never half of
 * one; writers take `path + '.lock'` (created exclusively; a lock left by a dead process is broken).
 *
 * The file holds one JSON object of records, or does not exist yet (an empty file counts as
 * none). Anything else (`[]`, `null`, a number, records that are not seatpay's, bytes that are not
 * JSON), and a file or lock that cannot be read, written or created, fails the call with a
 * `JournalError` naming the file, before any money call: the journal is never started afresh.
 *
 * @example
 * ```ts
 * import { fileJournal } from 'seatpay/node';
 *
 * const journal = fileJournal('./purchases.json');
 * const result = await client.purchase({
 *   plan: 'team-per-seat',
 *   team_seats: 3,
 *   card,
 *   chosen_period: 'MONTH',
 *   key: `order-${orderId}`,
 *   journal,
 * });
 * ```
 * @category Node
 */
export function fileJournal(path: string): PurchaseJournal {
  const update = (change: (records: Records) => boolean, options?: JournalOptions) =>
    withFileLock(
      `${path}.lock`,
      async () => {
        const target = await fileOf(path);
        const records = await readRecords(target, path);
        if (!change(records)) return false;
        await writeAtomically(target, JSON.stringify(Object.fromEntries(records), null, 2), path);
        return true;
      },
      options?.signal,
    );
  return {
    get: async (key) => (await readRecords(await fileOf(path), path)).get(key),
    set: async (key, record, options) => {
      await update((records) => (records.set(key, record), true), options);
    },
    claim: (key, record, options) =>
      update((records) => {
        if (!isFree(records.get(key))) return false;
        records.set(key, record);
        return true;
      }, options),
  };
}

/** The file to read and replace: `path`, or what a symlink there points to. */
async function fileOf(path: string): Promise<string> {
  let stats;
  try {
    stats = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path;
    throw new JournalError(`Could not read the journal ${path}: ${codeOf(error)}`, {
      path,
      cause: error,
    });
  }
  if (stats.isFile()) return path;
  if (!stats.isSymbolicLink()) {
    throw new JournalError(`The journal ${path} is not a file; move it away`, { path });
  }
  try {
    return await realpath(path);
  } catch (error) {
    throw new JournalError(`The journal ${path} is a symlink to nothing (${codeOf(error)})`, {
      path,
      cause: error,
    });
  }
}

/** The records in `file` (none when it does not exist yet); a JournalError for anything else. */
async function readRecords(file: string, path: string): Promise<Records> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new JournalError(`Could not read the journal ${path}: ${codeOf(error)}`, {
      path,
      cause: error,
    });
  }
  if (text.trim() === '') return new Map();
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
    throw new JournalError(
      `The journal ${path} holds ${Array.isArray(parsed) ? 'an array' : String(parsed === null ? 'null' : typeof parsed)}, not seatpay's records; fix or move it`,
      { path },
    );
  }
  // Own keys only, into a Map: keys such as `__proto__` or `constructor` are keys like any other.
  const records: Records = new Map();
  for (const [key, value] of Object.entries(parsed)) {
    records.set(key, checkRecord(value, `journal ${path} (key "${key}")`, path));
  }
  return records;
}

/** Temp file in the same directory (a rename across file systems is not atomic), flushed, renamed. */
async function writeAtomically(file: string, text: string, path: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw new JournalError(`Could not write the journal ${path}: ${codeOf(error)}`, {
      path,
      cause: error,
    });
  }
}
