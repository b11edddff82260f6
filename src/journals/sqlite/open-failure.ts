import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { JournalError } from '../journal-errors.js';
import { failure } from './legacy-journal-file.js';

/**
 * Why a journal's database could not be opened. SQLite says only "unable to open database file"
 * when the file's folder is missing (`fileJournal('nodir/orders.db')`), which reads like a
 * permission or a damaged file: that case names the folder and what to do (SQLite's error stays
 * the cause).
 */
export function openFailure(path: string, file: string, error: unknown): JournalError {
  if (existsSync(dirname(file))) return failure(`Could not open the journal ${path}`, path, error);
  return new JournalError(
    `Could not open the journal ${path}: its folder ${dirname(path)} does not exist (fileJournal makes the file, not its folder); create the folder or fix the path, then run again`,
    { path, cause: error },
  );
}
