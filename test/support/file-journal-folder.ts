// A folder of its own for each test's fileJournals: made before each test, and after it every
// journal opened with `journalAt` closed and the folder removed. A file's own afterEach hooks,
// registered after this one, run before it (vitest's "stack" order), while the journals are open.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { fileJournal, type FileJournal } from '../../src/node.js';

export interface JournalFolder {
  /** This test's folder (read inside a test or hook). */
  readonly dir: string;
  /** A fileJournal at `path`, closed after the test. */
  journalAt(path: string): FileJournal;
}

/** `prefix` names the folder in the system's temp folder (`seatpay-deleted-`...). */
export function useJournalFolder(prefix: string): JournalFolder {
  let dir: string | undefined;
  const opened: FileJournal[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    for (const journal of opened.splice(0)) journal.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get dir() {
      if (dir === undefined) throw new Error('the journal folder is read outside a test');
      return dir;
    },
    journalAt(path) {
      const journal = fileJournal(path);
      opened.push(journal);
      return journal;
    },
  };
}
