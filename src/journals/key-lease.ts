import { untilAborted } from '../core/retry/until-aborted.js';
import type { JournalRecord } from './journal.js';
import { JournalError } from './journal-errors.js';

/**
 * How long a claim stays "in progress" after its run's last heartbeat, by default: a key whose
 * run died (SIGKILL, a lost machine, a closed tab) is unknown, and settleable, this long at most
 * after it died. A journal may say otherwise (`PurchaseJournal.lease`).
 */
export const DEFAULT_LEASE_MS = 30_000;

/** The first and the longest pause between two reads of a key another run holds. */
const FIRST_POLL_MS = 10;
const LONGEST_POLL_MS = 500;

/** The lease of a journal, checked: a positive number of ms, else the default. */
export function leaseOf(journal: { lease?: unknown }): number {
  const lease = journal.lease;
  return typeof lease === 'number' && lease > 0 && lease < 2 ** 31 ? lease : DEFAULT_LEASE_MS;
}

/** The latest time a clock may give: a lease of the longest (2 ** 31 ms) after it is still a Date. */
const LATEST_MS = 8.64e15 - 2 ** 31;

/**
 * The times a journal's clock is taken to give, in ms since 1970: from 2000 to 2200. Seconds since
 * 1970 read as January 1970 and µs as the year 57,000, both times a Date holds: leases written in
 * µs ran out 30 ms on, a live run's claim listed 'expired' and settled while it paid (redteam34).
 */
const plausible = (time: number) => time >= 946_684_800_000 && time < 7_258_118_400_000;

/**
 * Per journal, its clock's last trusted reading and when it was taken, by the monotonic clock
 * (`performance.now()`) and by this machine's (`Date.now()`).
 */
/** A Date's own time value (brand-checked: any realm's Date; anything else throws). */
const timeValue = Date.prototype.getTime;

const lastReading = new WeakMap<object, { time: number; at: number; date: number }>();

/**
 * The clock a journal's leases are written and judged on (`PurchaseJournal.now`: ms, or a `Date`),
 * else `Date.now()`. A reading that throws or gives no time of 2000 to 2200 (not finite; past
 * ±8.64e15 ms, where `toISOString` would throw, even from the heartbeat's timer; seconds or µs
 * since 1970) is not trusted: the journal's last trusted reading, carried forward (by the
 * monotonic clock, or this machine's when it went further: a suspend), stands for it; before its
 * first, a `JournalError`. Never
 * `Date.now()` for a journal's `now()`: its clock may be far from this machine's (a store's),
 * and one lease written or judged on the other clock reads a live key as run out (another run
 * calls it unknown, an operator settles it while it is being paid). `judging` another run's lease,
 * it is carried on the monotonic clock alone, which never runs ahead of the time gone by: a wall
 * clock stepped forward would read every live key as run out.
 */
export function clockOf(
  journal: { now?: unknown; lease?: unknown },
  judging = false,
): () => number {
  const { now } = journal;
  // Read at each call, never kept: whatever `Date` is then (a test's fake one, say).
  if (typeof now !== 'function') return () => Date.now();
  // Read here, once: a getter read again from the heartbeat's timer threw there (redteam28).
  const furthestLead = FURTHEST_LEASE_MS - 2 * leaseOf(journal);
  return () => {
    let time: unknown;
    let given: unknown;
    let threw: { error: unknown } | undefined = { error: undefined }; // until now() answers
    try {
      time = given = now.call(journal);
      threw = undefined;
      // A store's clock given as a Date is its time: taken for none, leases were judged on this
      // machine's clock, an hour ahead of the store's read a live lease as run out (redteam28).
      // Read by its time value, whatever its realm (a `vm`'s Date is no `instanceof Date`); an
      // object that only claims to be one throws here (review13a: a raw TypeError).
      if (typeof time !== 'number') time = timeValue.call(time);
    } catch (error) {
      if (threw) threw.error = error;
      time = undefined;
    }
    if (typeof time === 'number' && plausible(time)) {
      lastReading.set(journal, { time, at: performance.now(), date: Date.now() });
      return time;
    }
    const last = lastReading.get(journal);
    // No reading before any (a promise, a string, a bigint: redteam31; a throw, NaN, an invalid
    // Date: review14b) is refused: taken for none, this machine's clock stood in for the store's
    // meant, and a live run's lease read as run out, settled while it was paying.
    if (last === undefined) throw wrongClock(given, threw);
    // The monotonic clock does not count a suspend (a machine asleep, a VM paused), this machine's
    // does: carried on the one that went further. A reading behind the journal's writes leases
    // already run out (a live key read as unknown, settled while paid); one ahead only keeps a dead
    // run's key held longer, up to a point: the wall clock's lead is bounded (2 ** 32 ms less two
    // leases), or a clock stepped 60 days on wrote a live run's lease further ahead than a live
    // run's can read ({@link FURTHEST_LEASE_MS}): unknown, settled while paid.
    const monotonic = performance.now() - last.at;
    const lead = Math.min(Date.now() - last.date - monotonic, furthestLead);
    const gone = judging ? monotonic : monotonic + Math.max(0, lead);
    return Math.min(LATEST_MS, last.time + gone);
  };
}

/** The error for a journal whose first `now()` gave `given` (or `threw`), no time a Date holds. */
function wrongClock(given: unknown, threw: { error: unknown } | undefined): JournalError {
  try {
    if (given instanceof Promise) void given.then(undefined, () => undefined); // never unhandled
  } catch {
    // its own `then` threw: nothing to handle
  }
  const kind = threw
    ? 'it threw'
    : given instanceof Promise
      ? 'promise'
      : typeof given === 'number'
        ? `${String(given)}${whenOf(given)}`
        : isDate(given)
          ? Number.isNaN(timeValue.call(given))
            ? 'invalid Date'
            : `a Date of ${String(timeValue.call(given))} ms${whenOf(timeValue.call(given))}`
          : given === null
            ? 'object'
            : typeof given;
  return new JournalError(
    `The journal's now() returned no time (${kind}): it must return ms since 1970 (not seconds nor µs) or a valid Date, at once, of the years 2000 to 2200 (a test's clock starts at Date.now(), not 0)`,
    threw ? { cause: threw.error } : {},
  );
}

/**
 * `ms` as the time it names, when a Date holds it (`: 1999-06-01T00:00:00.000Z`): a test's clock
 * fixed at 1999 read only as `928195200000` (newuser16), seconds in place of ms as January 1970.
 */
function whenOf(ms: number): string {
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? `: ${new Date(ms).toISOString()}` : '';
}

/** Whether `value` is a Date (of any realm), not an object that only claims to be one. */
function isDate(value: unknown): boolean {
  try {
    timeValue.call(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The furthest ahead of the journal's clock a live run's lease can read: its lease (under 2 ** 31
 * ms, {@link leaseOf}), its clock's skew (under the lease, as docs/journals.md asks) and a carried
 * clock's lead ({@link clockOf}: this bound less two leases) at most.
 */
const FURTHEST_LEASE_MS = 2 ** 32;

/**
 * Whether another run holds the key right now: its record's outcome is not known yet (not done,
 * not refused, not settled) and its lease has not run out. A record without a lease (written by
 * an earlier version, or released by a run that ended without knowing) is not in progress, nor is
 * one whose lease reads further ahead than a live run's can: a wrong clock's (a year on), which
 * held a dead run's key, unsettleable, for that long. `now` is the journal's clock
 * ({@link clockOf}), the one the lease was written on.
 */
export function isInProgress(record: JournalRecord | undefined, now = Date.now()): boolean {
  return leaseStatusOf(record, now) === 'held';
}

/**
 * How a record's lease reads at `now` (the journal's clock, {@link clockOf}): `'held'` in progress
 * ({@link isInProgress}), `'expired'` run out, `'orphaned'` further ahead than a live run's can
 * read (a wrong clock's); none for a record no run holds (its outcome known, settled, no lease).
 */
export function leaseStatusOf(
  record: JournalRecord | undefined,
  now: number,
): 'held' | 'expired' | 'orphaned' | undefined {
  if (!record || record.stage === 'done' || record.stage === 'refused') return undefined;
  if (record.settled !== undefined || typeof record.leaseUntil !== 'string') return undefined;
  const ahead = Date.parse(record.leaseUntil) - now;
  return ahead <= 0 ? 'expired' : ahead <= FURTHEST_LEASE_MS ? 'held' : 'orphaned';
}

/** The time a lease taken now runs until (ISO 8601), `now` on the journal's clock ({@link clockOf}). */
export function leaseUntil(leaseMs: number, now = Date.now()): string {
  return new Date(now + leaseMs).toISOString();
}

/** The pauses between reads of a held key: short at first, then longer, bounded. */
export function* pollPauses(leaseMs: number): Generator<number, never> {
  const longest = Math.max(FIRST_POLL_MS, Math.min(LONGEST_POLL_MS, leaseMs / 4));
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(longest, pause * 1.5)) yield pause;
}

/** A record as it is stored without a lease (nor its holder). */
export function withoutLease<R extends JournalRecord>(record: R): R {
  // Most records given have neither (an outcome built on the claim's record): no copy then.
  if (!Object.hasOwn(record, 'leaseUntil') && !Object.hasOwn(record, 'holder')) return record;
  const { leaseUntil: _lease, holder: _holder, ...rest } = record;
  return rest as R;
}

/** The last run-out lease (ms) a release of this process wrote: each release gets its own. */
let lastReleased = -Infinity;

/**
 * `record` as a run that ends without its outcome leaves it (its answer lost): its holder kept, its
 * lease run out a lease ago (`now`: the journal's clock), so nobody waits for it and it is unknown
 * at once, while a decision on it (settle, reconcile) still writes over exactly the record it read,
 * by compare-and-set on holder and lease (`setIfHeld`). A millisecond of its own per release here:
 * a key released, decided, claimed and released again never reads as the record read before.
 */
export function releasedClaim<R extends JournalRecord>(record: R, leaseMs: number, now: number): R {
  const ago = Math.floor(now - leaseMs);
  // More than one release a millisecond for a whole lease: the marker stays run out regardless.
  const until = lastReleased + 1 > ago && lastReleased + 1 < now ? lastReleased + 1 : ago;
  lastReleased = until;
  return { ...record, leaseUntil: new Date(until).toISOString() };
}

/** Resolves after `ms`, or rejects with `AbortError` when `signal` fires first. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slept = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return untilAborted(slept, signal).finally(() => clearTimeout(timer));
}
