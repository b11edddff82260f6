/**
 * How much a drift or an unnoticed change of rate may have moved a kept sample, per ms of its age:
 * a fresher sample wins over one this much more precise per ms it has aged.
 */
const AGEING = 1e-3;

/**
 * How far this machine's wall clock and its monotonic clock may disagree on a kept sample's age
 * (NTP slews at most 0.5 ms/s) before the sample is dropped: the machine slept (a monotonic clock
 * does not count a suspend: the sample is behind by that long), or its clock was stepped.
 */
const SLEPT_MS = 1_000;

/**
 * The database's clock as this process reads it (`PurchaseJournal.now` of `postgresJournal`): the
 * machines of a fleet each have a clock of their own, but they all share the database's, so every
 * lease is written and judged on it. Measured on the reads the journal makes anyway (each `get`
 * returns the server's `clock_timestamp()`): no statement of its own. A sample is the database's
 * time at the middle of its round trip (off by at most half of it); the most precise one is kept,
 * aged, and carried forward on this process's monotonic clock, so that this machine's own clock
 * (set back, stepped by NTP) plays no part. Before the first read: `Date.now()`. A sample the
 * machine's two clocks disagree about (it slept: the monotonic one did not count that), or that
 * a new one contradicts (the database's clock stepped), is replaced by the new one, however slow.
 * Writes and claims give the clock too (a run holding a key reads it only before its claim).
 */
export class DatabaseClock {
  /** The database's time minus `performance.now()`, from the sample kept. */
  #base: number | undefined;
  /** How far the sample kept may be off: half its round trip, when it was taken. */
  #error = Infinity;
  /** When (`performance.now()`) the sample kept was taken. */
  #takenAt = 0;
  /** The same instant by this machine's wall clock (`Date.now()`), which counts a suspend. */
  #takenAtDate = 0;

  /** A statement sent at `sentAt` and answered at `answeredAt` (both `performance.now()`) read `databaseMs`. */
  sample(sentAt: number, answeredAt: number, databaseMs: unknown): void {
    const time = Number(databaseMs);
    if (!Number.isFinite(time) || databaseMs === null || answeredAt < sentAt) return;
    const error = (answeredAt - sentAt) / 2;
    const age = answeredAt - this.#takenAt;
    const dateNow = Date.now();
    const slept = Math.abs(dateNow - this.#takenAtDate - age) > SLEPT_MS;
    const keptError = slept ? Infinity : this.#error + age * AGEING;
    // A sample the kept one cannot explain (their error bounds apart): the database's clock
    // stepped (NTP, a failover to another server); the new one is the clock now, however slow.
    const kept = this.#base === undefined ? time : this.#base + sentAt + error;
    const stepped = Math.abs(time - kept) > error + keptError + 1;
    if (error > keptError && !stepped) return;
    const middle = sentAt + error;
    this.#base = time - middle;
    this.#error = error;
    this.#takenAt = middle;
    this.#takenAtDate = dateNow - (answeredAt - middle);
  }

  /** The database's time now (ms since 1970), as last measured; `Date.now()` before any. */
  now(): number {
    return this.#base === undefined ? Date.now() : this.#base + performance.now();
  }
}
