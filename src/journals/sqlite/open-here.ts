import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * The journal databases this process has open in SQLite. POSIX drops every lock a process holds
 * on a file as soon as any descriptor of that file is closed: SQLite works around it for its own
 * descriptors, but a `readFile` of an open database (a second `fileJournal` on the same file
 * looking at what it holds) drops the live connection's shared lock, one of the ways SQLite's
 * documentation lists to corrupt a database ("How To Corrupt An SQLite Database File", 2.2). So a
 * file open here is never read again outside SQLite, and the opens of one file take turns, so that
 * none reads it while another journal of this process is opening it.
 */
const users = new Map<string, number>();
const turns = new Map<string, Promise<unknown>>();

/** One name per file, whichever path led to it (relative, or through a symlinked folder). */
export async function fileIdentity(file: string): Promise<string> {
  try {
    return join(await realpath(dirname(file)), basename(file));
  } catch {
    return resolve(file); // a folder that is not there: SQLite's open will say so
  }
}

/** {@link fileIdentity} at once: a journal names its store when it is made (journal-store-name.ts). */
export function fileIdentityNow(file: string): string {
  try {
    return join(realpathSync(dirname(file)), basename(file));
  } catch {
    return resolve(file);
  }
}

/** Runs `open` once every open of the same file that this process started before has settled. */
export function inTurn<T>(id: string, open: () => Promise<T>): Promise<T> {
  const run = (turns.get(id) ?? Promise.resolve()).then(open, open);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  turns.set(id, settled);
  void settled.then(() => {
    if (turns.get(id) === settled) turns.delete(id);
  });
  return run;
}

export const isOpenHere = (id: string): boolean => users.has(id);

/** Marks the file open here until the returned release is called (once; again does nothing). */
export function holdOpen(id: string): () => void {
  users.set(id, (users.get(id) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (users.get(id) ?? 1) - 1;
    if (left === 0) users.delete(id);
    else users.set(id, left);
  };
}
