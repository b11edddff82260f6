// Who holds a `fileUploadStore` lock, and whether that process is gone, so that its lock may be
// taken over: a lock must never be taken from a living upload, nor held for good by a dead one.
import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { readFile, readlink, stat, utimes } from 'node:fs/promises';
import { hostname, uptime } from 'node:os';
import { FORGET_AFTER_MS } from '../helpers/upload/resume-store.js';

/**
 * Who holds a lock: a process of a machine, since a time. `run` tells this process from an earlier
 * one that had its pid, `started` (Linux) any process from a later one given its pid, `since` this
 * process from another of its pid where there is no /proc (see {@link processSince}), `boot`
 * (Linux) the machine's boot it ran in, `space` (Linux) the pid namespace its pid is in, `thread`
 * (Linux) the thread of it that took the lock, `beat` how often its holder touches it (see
 * {@link LOCK_BEAT_MS}), `nonce` makes each lock's text unique.
 */
interface LockOwner {
  pid: number;
  host: string;
  at: number;
  run: string;
  started?: string;
  since?: number;
  boot?: string;
  space?: string;
  thread?: number;
  beat?: number;
  nonce: string;
}

/**
 * How often a holder touches its lock (its mtime), in ms. Another machine under this host name
 * (cloned VMs' `localhost`, a container's fixed name) that took its lock before this machine
 * booted is alive as long as it touches it: written before this boot began does not make a lock
 * an earlier boot's then. One untouched for {@link STALE_BEATS} beats is.
 */
export const LOCK_BEAT_MS = 60_000;
/** Beats a lock may go untouched while its holder lives: a loaded machine, clocks a little apart. */
const STALE_BEATS = 10;

/**
 * This process's own id, beside its pid: a container restarts its program with the same pid (often
 * 1) and host name, and a lock the killed one left then named the living process. Kept on the
 * global object, so that two copies of this module in one process (ESM and CommonJS) agree.
 */
const RUN_KEY = Symbol.for('seatpay.fileUploadStore.run');
const processRun = ((globalThis as Record<symbol, string | undefined>)[RUN_KEY] ??=
  randomBytes(8).toString('hex'));

/**
 * How old a lock that names no owner (empty, cut short, edited by hand) must be to count as
 * abandoned: where the file system has no hard links a lock is created empty, then written, and a
 * lock being written must not be taken. Judged on the file's mtime against this machine's clock.
 */
const UNWRITTEN_LOCK_MS = 60_000;

let ownStart: Promise<string | undefined> | undefined;

/**
 * When this process started, in ms of the monotonic clock: the same in each of its worker threads
 * (each has a global object, so a run id, of its own), another for another process given its pid.
 */
const processSince =
  Number(process.hrtime.bigint() / 1_000_000n) - Math.round(process.uptime() * 1000);
/** How far two threads' readings of {@link processSince} may differ: rounding, not time. */
const SINCE_SLACK_MS = 5;
let ownSpace: Promise<string | undefined> | undefined;
let ownBoot: Promise<string | undefined> | undefined;

/**
 * This boot of the machine (Linux): a start in ticks since boot names one process only within one
 * boot, and a service started at boot may get the same pid at the same tick the next time.
 */
function bootId(): Promise<string | undefined> {
  return (ownBoot ??= readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim() || undefined,
    () => undefined,
  ));
}

/**
 * This process's pid namespace (Linux): containers that share a host name (host networking) and a
 * store folder each number their processes apart, and a pid of one means nothing in the other.
 */
function pidSpace(): Promise<string | undefined> {
  return (ownSpace ??= readlink('/proc/self/ns/pid').catch(() => undefined));
}

/**
 * The thread this code runs on (Linux: its id in /proc/self/task): a worker thread that ends
 * without releasing its lock (exited, terminated) leaves it to a process that lives on. Read
 * synchronously, on this very thread: an asynchronous read would name a thread of libuv's pool.
 */
let ownThread: number | undefined | null = null;
function threadId(): number | undefined {
  if (ownThread !== null) return ownThread;
  try {
    const id = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    ownThread = Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    ownThread = undefined;
  }
  return ownThread;
}

/** Whether `thread` of this process has ended: its /proc entry is gone. */
async function threadEnded(thread: unknown): Promise<boolean> {
  if (typeof thread !== 'number' || thread === threadId()) return false;
  return stat(`/proc/self/task/${thread}`).then(
    () => false,
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );
}

/** A new lock's text, naming this process. */
export async function ownerText(): Promise<string> {
  const started = await (ownStart ??= startOf('self'));
  const space = await pidSpace();
  const boot = await bootId();
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    at: Date.now(),
    run: processRun,
    ...(started === undefined ? {} : { started }),
    since: processSince,
    ...(boot === undefined ? {} : { boot }),
    ...(space === undefined ? {} : { space }),
    ...(threadId() === undefined ? {} : { thread: threadId() }),
    beat: LOCK_BEAT_MS,
    nonce: randomBytes(8).toString('hex'),
  };
  return JSON.stringify(owner);
}

/** Whether the lock (or takeover claim) at `path`, which read `text`, was left by a process gone. */
export async function abandoned(path: string, text: string): Promise<boolean> {
  const { pid, host, at, run, started, since, boot, space, thread, beat } = (parsedOrNull(text) ??
    {}) as Partial<LockOwner>;
  if (typeof pid !== 'number' || typeof host !== 'string' || typeof at !== 'number') {
    // No owner in it: one being written is not abandoned, one left so (a crash, a hand) is.
    const modified = await stat(path).then(
      (info) => info.mtimeMs,
      () => -Infinity, // gone: taking it over finds nothing to remove
    );
    // A minute either way: an mtime ahead of the clock (a clock stepped back, a share's clock
    // ahead) says nothing of the lock's age, and would hold a lock left empty until it was reached.
    return Math.abs(Date.now() - modified) > UNWRITTEN_LOCK_MS;
  }
  // Another machine, or another pid namespace of this one: its pids cannot be asked after.
  const ours = await pidSpace();
  const elsewhere = typeof space === 'string' && ours !== undefined && space !== ours;
  if (host !== hostname() || elsewhere) {
    // Another pid namespace of this very boot: a container restarted (its killed run's namespace
    // gone, the new one numbered apart) or one beside it on the host network. Alive while it touches
    // its lock (this machine's clock on both sides); held for the records' lifetime else.
    const thisBoot = elsewhere && host === hostname() && (await bootId());
    if (thisBoot && boot === thisBoot && typeof beat === 'number' && !(await touched(path, beat)))
      return true;
    return Date.now() - at > FORGET_AFTER_MS;
  }
  // Another boot: of this machine before this one (every process of it gone) if written before
  // this boot began; written since, another machine's under this host name (a container's fixed
  // host name, cloned VMs' `localhost`, sharing the folder over NFS), whose pids mean nothing here.
  const thisBoot = await bootId();
  // A lock its holder touches (`beat`) is an earlier boot's only once it is no longer touched.
  if (typeof boot === 'string' && thisBoot !== undefined && boot !== thisBoot) {
    const earlier = at < Date.now() - uptime() * 1000 && !(await touched(path, beat));
    return earlier || Date.now() - at > FORGET_AFTER_MS;
  }
  // This pid: this process's own lock, or one an earlier process with this pid left. Its start
  // tells first: a worker thread of this process has a run id of its own, not its start.
  if (pid === process.pid) {
    const ownStarted = await (ownStart ??= startOf('self'));
    // This process's own: held, unless the thread that took it has ended.
    if (typeof started === 'string' && ownStarted !== undefined) {
      return started !== ownStarted || (await threadEnded(thread));
    }
    if (typeof since === 'number') return Math.abs(since - processSince) > SINCE_SLACK_MS;
    return run !== processRun;
  }
  try {
    process.kill(pid, 0); // no signal sent: only asks whether the process exists
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ESRCH') return true;
    // EPERM: alive, another user's (the pid given after a reboot or a container's restart to a
    // process of root or a service): as any living process, its start tells whether it is the owner.
    if (code !== 'EPERM') return false;
  }
  // There, but maybe exited and not reaped (a zombie: its parent never waits, as a container's
  // first process often does not for the orphans it inherits), or a later process given the dead
  // one's pid (a container's next run, whose pids shift by what it starts first): then it started
  // at another time than the lock says.
  const now = await statOf(pid);
  if (now?.exited) return true;
  if (typeof started !== 'string') return false;
  return now !== undefined && now.start !== started;
}

/** Whether a lock that says its holder touches it every `beat` ms was touched lately. */
async function touched(path: string, beat: unknown): Promise<boolean> {
  if (typeof beat !== 'number' || !(beat > 0)) return false; // a holder that never touches it
  const modified = await stat(path).then(
    (info) => info.mtimeMs,
    () => -Infinity,
  );
  return Date.now() - modified < STALE_BEATS * Math.max(beat, LOCK_BEAT_MS);
}

/**
 * Touches the lock at `path` while it is still the one this holder wrote (`text`); never throws.
 * Resolves false when it is not (gone, or another holder's: taken over while this one was paused).
 */
export async function touchLock(path: string, text: string): Promise<boolean> {
  try {
    if (!(await isOwnLock(path, text))) return false;
    const now = new Date();
    await utimes(path, now, now);
  } catch {
    // Unreadable, or gone since it was read: told by the next touch or `isOwnLock`.
  }
  return true;
}

/**
 * Whether the lock at `path` is still the one this holder wrote (`text`): false once it is gone or
 * another holder's. Rejects when it cannot be read (the store cannot tell).
 */
export async function isOwnLock(path: string, text: string): Promise<boolean> {
  try {
    return (await readFile(path, 'utf8')) === text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** When process `pid` started (see {@link statOf}). */
async function startOf(pid: number | 'self'): Promise<string | undefined> {
  return (await statOf(pid))?.start;
}

/**
 * When process `pid` started, in clock ticks since the machine booted, and whether it exited
 * (Linux's /proc): no wall clock, so a clock that steps changes nothing. Undefined where there is
 * no /proc.
 */
async function statOf(
  pid: number | 'self',
): Promise<{ start: string; exited: boolean } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // Fields 3 and 22; the command's name (field 2, in parentheses) may hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = fields[19];
  if (!start || !/^\d+$/.test(start)) return undefined;
  // Z: a zombie; X: dead, being reaped.
  return { start, exited: fields[0] === 'Z' || fields[0] === 'X' };
}

function parsedOrNull(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}
