import type { JournalRecord } from './journal.js';
import { isInProgress } from './key-lease.js';

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

/** Marks `key` held by a run of this process until the returned function is called (once). */
export function holdLive(key: string): () => void {
  live.set(key, (live.get(key) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
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
 * unknown at once. `now`: the journal's clock (`clockOf` in key-lease.ts).
 */
export function isHeldLive(
  key: string,
  record: JournalRecord | undefined,
  now = Date.now(),
): boolean {
  if (!isInProgress(record, now)) return false;
  return record?.holder !== HOLDER || live.has(key);
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  const crypto = globalThis.crypto;
  if (crypto?.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
