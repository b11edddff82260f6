import type { JournalRecord } from './journal.js';
import { isInProgress, leaseStatusOf } from './key-lease.js';

/**
 * Who holds a claim, as its record names it (`holder`): a random id of this process (this copy of
 * seatpay in it), made once, never derived from a token nor secret. It tells a claim this process
 * left behind (its run ended without dropping the lease: the journal was away) from one a live run
 * elsewhere holds: the first is settled and reconciled at once, the second waited for until its
 * lease runs out.
 */
export const HOLDER = randomId();

/** The keys runs of this process hold right now (a count per key: runs over several journals). */
const live = new Map<string, number>();

/** The lease end (ms) the last claim of each key in this process was given, while a run holds it. */
const lastClaimed = new Map<string, number>();

/** Reads of each key going on in this process: each is told when a run of the key here ends. */
const reading = new Map<string, Set<{ ended: boolean }>>();

/** Lists going on in this process (a page at a time): each is told the keys whose run here ends. */
const listing = new Set<Set<string>>();

/** Marks `key` held by a run of this process until the returned function is called (once). */
export function holdLive(key: string): () => void {
  live.set(key, (live.get(key) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    for (const read of reading.get(key) ?? []) read.ended = true;
    for (const ended of listing) ended.add(key);
    const left = (live.get(key) ?? 1) - 1;
    if (left > 0) live.set(key, left);
    else {
      live.delete(key);
      lastClaimed.delete(key);
    }
  };
}

/**
 * Until when (ISO 8601) a claim of `key` taken at `now` (the journal's clock) holds it: never the
 * millisecond another claim of the key here was given. Two runs of this process (two journals on
 * one store: one order delivered twice at once) claiming in one millisecond would write the very
 * same record, and a claim whose answer was lost, taken back by its content (postgres
 * lost-claim.ts), would take back the other's, which is sending.
 */
export function claimLeaseUntil(key: string, leaseMs: number, now: number): string {
  const last = lastClaimed.get(key);
  const wanted = Math.floor(now + leaseMs);
  const until = last !== undefined && wanted <= last ? last + 1 : wanted;
  lastClaimed.set(key, until);
  return new Date(until).toISOString();
}

/**
 * Whether a live run holds the key (see {@link isInProgress}): another process's (or an earlier
 * version's, which named no holder) until its lease runs out; this process's only while one of its
 * runs still holds the key. A claim this process left behind is not in progress: its outcome is
 * unknown at once. `now`: the journal's clock (`clockOf` in key-lease.ts). `endedMeanwhile`: a run
 * of the key here ended while the record was read ({@link watchingRuns}): its outcome may have
 * been written after the read, so its "sending" record is not taken for one left behind.
 */
export function isHeldLive(
  key: string,
  record: JournalRecord | undefined,
  now = Date.now(),
  endedMeanwhile = false,
): boolean {
  if (!isInProgress(record, now)) return false;
  return record?.holder !== HOLDER || live.has(key) || endedMeanwhile;
}

/**
 * How the key's lease reads at `now` (the journal's clock), as settle and reconcile judge it
 * ({@link isHeldLive}): a claim this process left behind is no live run's either (`'orphaned'`).
 * `endedMeanwhile`: a run of the key here ended while the record was read ({@link watchingLists}).
 */
export function leaseStatusHere(
  key: string,
  record: JournalRecord,
  now: number,
  endedMeanwhile = false,
): ReturnType<typeof leaseStatusOf> {
  const status = leaseStatusOf(record, now);
  return status === 'held' && !isHeldLive(key, record, now, endedMeanwhile) ? 'orphaned' : status;
}

/**
 * The keys whose run in this process ends from now until `stop()` (a list's page read, as
 * {@link watchingRuns} is a key's): a claim read before its run wrote its outcome is not one this
 * process left behind. Cleared by the list between two pages.
 */
export function watchingLists(): { ended: Set<string>; stop: () => void } {
  const ended = new Set<string>();
  listing.add(ended);
  return { ended, stop: () => void listing.delete(ended) };
}

/**
 * Reads `key` with `read`, noting whether a run of the key in this process ended meanwhile: what
 * was read may be that run's claim, its outcome written since (a read takes time: a store's round
 * trip, the owner and parameter checks). Judged after the run ended, such a record would read as
 * a claim this process left behind, an unknown outcome, while the key has its answer.
 */
export function watchingRuns<T>(
  key: string,
  read: () => Promise<T>,
): Promise<{ found: T; ended: boolean }> {
  return judgedRead(key, read, (found, ended) => ({ found, ended }));
}

/** The key's record read with `read`, and whether a live run holds it (one here that ended during
 * the read does: its outcome may have landed after the read, so read again). */
export function readJudged(
  key: string,
  read: () => Promise<JournalRecord | undefined>,
  now: () => number,
): Promise<{ record: JournalRecord | undefined; held: boolean }> {
  return judgedRead(key, read, (record, ended) => ({
    record,
    held: isHeldLive(key, record, now(), ended),
  }));
}

/**
 * {@link watchingRuns}'s watch around `read`, what it found judged by `judge` once the watch is
 * over: one promise of its own (issue 37: an async layer each was two more and their turns).
 */
function judgedRead<T, J>(
  key: string,
  read: () => Promise<T>,
  judge: (found: T, ended: boolean) => J,
): Promise<J> {
  const watch = { ended: false };
  let watches = reading.get(key);
  if (!watches) reading.set(key, (watches = new Set()));
  watches.add(watch);
  const unwatch = () => {
    watches.delete(watch);
    if (watches.size === 0 && reading.get(key) === watches) reading.delete(key);
  };
  let found: Promise<T>;
  try {
    found = Promise.resolve(read()); // as `await` took it: a value, a thenable
  } catch (error) {
    unwatch();
    return Promise.reject(error as Error);
  }
  return found.then(
    (value) => (unwatch(), judge(value, watch.ended)),
    (error: unknown) => {
      unwatch();
      throw error;
    },
  );
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  const crypto = globalThis.crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
