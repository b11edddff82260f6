import { randomBytes } from 'node:crypto';
import { link, lstat, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { AbortError } from '../../src/core/errors/abort-error.js';
import { JournalError } from '../../src/journals/journal-errors.js';
import { sleep } from '../../src/core/retry/sleep.js';

/** A lock older than this is taken as left by a crash even if its pid now names a live process. */
const STALE_AFTER_MS = 30_000;
/** How long to wait for a lock held by a live process before giving up. */
const WAIT_AT_MOST_MS = 15_000;
/** What this module writes in a lock: pid, nonce, time. Anything else is damaged or foreign. */
const LOCK_CONTENT = /^(\d+) [0-9a-f]+ (\d+)$/;

/**
 * Runs `work` holding `lockPath`, a file created with O_EXCL (`wx`) that holds the owner's pid, a
 * nonce and the time. A lock whose process is gone (a crash, SIGKILL) or that is older than 30 s
 * is broken by renaming it away first, so that two processes breaking the same stale lock cannot
 * both win; a lock that holds anything else (empty, cut short, foreign) is broken once its file is
 * 30 s old by the clock. Something at `lockPath` that is not a file (a directory, a symlink), or a
 * lock that cannot be created, is a {@link JournalError}; the wait ends the moment `signal` fires.
 */
export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const mine = `${process.pid} ${randomBytes(8).toString('hex')} ${Date.now()}`;
  const started = Date.now();
  for (let attempt = 0; !(await tryCreate(lockPath, mine)); attempt++) {
    if (await breakIfStale(lockPath)) continue;
    if (Date.now() - started > WAIT_AT_MOST_MS) {
      throw new JournalError(`Could not lock ${lockPath}: held by a live process for too long`, {
        path: lockPath,
      });
    }
    await sleep(Math.min(5 + attempt * 5, 50), signal);
  }
  try {
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    return await work();
  } finally {
    // Only our own lock: one broken as stale and taken over by another process stays.
    const held = await readLock(lockPath).catch(() => undefined);
    if (held?.content === mine) await unlink(lockPath).catch(() => undefined);
  }
}

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  try {
    await writeFile(lockPath, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new JournalError(`Could not create the lock ${lockPath}: ${codeOf(error)}`, {
      path: lockPath,
      cause: error,
    });
  }
}

/** Whether to try again at once: the lock was released meanwhile, or was stale and is broken. */
async function breakIfStale(lockPath: string): Promise<boolean> {
  const seen = await readLock(lockPath);
  if (seen === undefined) return true; // released meanwhile
  if (!isStale(seen)) return false;
  const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true; // someone else broke it first
  }
  // We moved what we saw, or a fresh lock taken in between: put a fresh one back.
  if ((await readLock(aside))?.content !== seen.content) {
    await link(aside, lockPath).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
  return true;
}

function isStale({ content, modifiedMs }: { content: string; modifiedMs: number }): boolean {
  const parsed = LOCK_CONTENT.exec(content);
  // Empty (a lock being written this instant) or foreign: judged by the file's age alone.
  if (!parsed) return Date.now() - modifiedMs > STALE_AFTER_MS;
  if (Date.now() - Number(parsed[2]) > STALE_AFTER_MS) return true;
  try {
    process.kill(Number(parsed[1]), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The lock's content and age; undefined when there is none; a JournalError when it is no file. */
async function readLock(
  lockPath: string,
): Promise<{ content: string; modifiedMs: number } | undefined> {
  try {
    const stats = await lstat(lockPath);
    if (!stats.isFile()) {
      const what = stats.isDirectory()
        ? 'a directory'
        : stats.isSymbolicLink()
          ? 'a symlink'
          : 'not a file';
      throw new JournalError(`The lock ${lockPath} is ${what}; move it away`, { path: lockPath });
    }
    return { content: await readFile(lockPath, 'utf8'), modifiedMs: stats.mtimeMs };
  } catch (error) {
    if (error instanceof JournalError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new JournalError(`Could not read the lock ${lockPath}: ${codeOf(error)}`, {
      path: lockPath,
      cause: error,
    });
  }
}

/** The error code of a failed file operation (`EACCES` ...), for messages. */
export function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : String((error as Error | null)?.message ?? error);
}
