import { randomBytes } from 'node:crypto';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { SeatpayError } from '../core/errors/seatpay-error.js';

/** A lock older than this is taken as left by a crash even if its pid now names a live process. */
const STALE_AFTER_MS = 30_000;
/** How long to wait for a lock held by a live process before giving up. */
const WAIT_AT_MOST_MS = 15_000;

/**
 * Runs `work` holding `lockPath`, a file created with O_EXCL (`wx`) that holds the owner's pid, a
 * nonce and the time. A lock whose process is gone (a crash, SIGKILL) or that is older than 30 s
 * is broken by renaming it away first, so that two processes breaking the same stale lock cannot
 * both win.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const mine = `${process.pid} ${randomBytes(8).toString('hex')} ${Date.now()}`;
  const started = Date.now();
  for (let attempt = 0; !(await tryCreate(lockPath, mine)); attempt++) {
    if (await breakIfStale(lockPath)) continue;
    if (Date.now() - started > WAIT_AT_MOST_MS) {
      throw new SeatpayError(`Could not lock ${lockPath}: held by a live process for too long`);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(5 + attempt * 5, 50)));
  }
  try {
    return await work();
  } finally {
    // Only our own lock: one broken as stale and taken over by another process stays.
    if ((await readOrNull(lockPath)) === mine) await unlink(lockPath).catch(() => undefined);
  }
}

async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  try {
    await writeFile(lockPath, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function breakIfStale(lockPath: string): Promise<boolean> {
  const seen = await readOrNull(lockPath);
  if (seen === null) return true; // released meanwhile: try again at once
  if (!isStale(seen)) return false;
  const aside = `${lockPath}.${randomBytes(6).toString('hex')}.stale`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true; // someone else broke it first
  }
  // We moved what we saw, or a fresh lock taken in between: put a fresh one back.
  if ((await readOrNull(aside)) !== seen) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return true;
}

function isStale(content: string): boolean {
  const [pid, , at] = content.split(' ');
  if (Date.now() - Number(at) > STALE_AFTER_MS) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}
