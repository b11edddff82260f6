import type { JournalRecord } from './journal.js';
import { HOLDER } from './key-holder.js';
import type { HeldClaim } from './held-claim.js';

/**
 * What a run knows of its own claim: the leases it wrote, and when one last landed. A run frozen
 * past its lease (a stopped process, a suspended machine, a VM paused for migration) wakes up to
 * a key others may have taken over meanwhile: its lease ran out, the key was settled, and another
 * run may have claimed and paid it. Such a run must not write over their record a heartbeat, a
 * release or a refusal (the key would read free, and the next run pay again); only a charge of
 * its own is always recorded. A journal with `setIfHeld` checks that in the same step as it
 * writes ({@link held}, holder-write.ts); for one without, {@link mayWrite} reads first.
 */
export class OwnLease {
  readonly #leaseMs: number;
  /** Every `leaseUntil` this run sent, landed or not (an answer lost after the write landed). */
  readonly #written = new Set<string>();
  /** The journal's clock, the one its leases are on (`PurchaseJournal.now`). */
  readonly #now: () => number;
  /** Until when (the journal's clock) the lease last landed runs: made before it was sent. */
  #landedUntil: number;
  #landedMonotonic = performance.now();
  /** The machine's own clock at that landing: the one that counts the time a machine slept. */
  #landedDate = Date.now();

  constructor(leaseMs: number, claimed: string, now: () => number = () => Date.now()) {
    this.#leaseMs = leaseMs;
    this.#written.add(claimed);
    this.#now = now;
    this.#landedUntil = Date.parse(claimed);
  }

  /** A record about to be written: its lease is this run's from now on. */
  writing(record: JournalRecord): void {
    if (typeof record.leaseUntil === 'string') this.#written.add(record.leaseUntil);
  }

  /**
   * A write of this run landed (`record`): its lease is current again. `held` when it was written
   * compare-and-set (`setIfHeld`): the key holds that lease now, and none written before can land
   * after it (their `held` lacks it), so it alone is kept: a long call's list stays short.
   */
  landed(record: JournalRecord, held = false): void {
    if (typeof record.leaseUntil !== 'string') return this.#touched();
    if (held) {
      this.#written.clear();
      this.#written.add(record.leaseUntil);
    }
    this.#landedUntil = Date.parse(record.leaseUntil);
    this.#touched();
  }

  #touched(): void {
    this.#landedMonotonic = performance.now();
    this.#landedDate = Date.now();
  }

  /**
   * Whether the lease may have run out since this run's last write landed: less than half of it
   * left by the journal's clock (it was made before it was sent: a write that answered late has
   * used up much of it), or half a lease gone since by any other clock (a healthy run renews every
   * third). Then the record is read before writing. The machine's clock too: a suspended machine's
   * monotonic clock does not count the time it slept, nor does a journal's clock carried on it
   * (postgresJournal's), but `Date.now()` does.
   */
  mayHaveLapsed(): boolean {
    const half = this.#leaseMs / 2;
    return (
      !(this.#now() < this.#landedUntil - half) ||
      performance.now() - this.#landedMonotonic >= half ||
      Math.abs(Date.now() - this.#landedDate) >= half
    );
  }

  /**
   * Whether this run may write `record` now: always while its lease is surely current, or to
   * record a charge; else only while `read` gives the record this run wrote (a journal that
   * cannot tell says no: the key is left as it is, at worst unknown until settled).
   */
  async mayWrite(record: JournalRecord, read: () => Promise<unknown>): Promise<boolean> {
    if (!this.mayHaveLapsed() || recordsCharge(record)) return true;
    try {
      return this.holds(await read());
    } catch {
      return false;
    }
  }

  /** This run's claim as a journal's `setIfHeld` checks it: this process, any lease it wrote. */
  held(): HeldClaim {
    return { holder: HOLDER, leases: [...this.#written] };
  }

  /** Whether `found` is still the record this run wrote (this process, one of its leases). */
  holds(found: unknown): boolean {
    const record = found as JournalRecord | undefined | null;
    return (
      typeof record === 'object' &&
      record !== null &&
      record.holder === HOLDER &&
      typeof record.leaseUntil === 'string' &&
      this.#written.has(record.leaseUntil)
    );
  }
}

/** Whether a record says the money moved: written whoever holds the key now. */
export function recordsCharge(record: JournalRecord): boolean {
  return record.stage === 'done' || record.charged === 'yes';
}
