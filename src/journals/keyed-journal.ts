import { untilAborted } from '../core/retry/until-aborted.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { isFree } from './stored-record.js';
import type { KeyScope } from '../keys/key-scope.js';
import { clockOf, leaseOf, leaseUntil, releasedClaim, withoutLease } from './key-lease.js';
import { claimLeaseUntil, HOLDER, holdLive, readJudged } from './key-holder.js';
import { OwnLease } from './own-lease.js';
import { LostClaimError } from './lost-claim.js';
import { releaseIfLanded, releaseOf } from './late-claim.js';
import { callJournal, promiseOf } from './journal-call.js';
import { readMember } from './journal-members.js';
import { writeAsHolder } from './holder-write.js';
import { checkFound } from './found-record.js';
import { RecordStamp } from './record-stamp.js';
import { heartbeatOf } from './lease-heartbeat.js';
import { unseenClaimError } from './unseen-claim.js';
import { outcomeOnceFree, type HeldKeyWait } from './held-key-wait.js';

/** What a keyed call records: a purchase or a consumable checkout. */
export type KeyedKind = 'purchase' | 'checkout';

/** A run's writes before its first: none (one settled promise shared by every run: issue 37). */
const NOTHING_WRITING: Promise<unknown> = Promise.resolve();

/**
 * One key of a journal, as a money call uses it. Every operation is raced against the call's
 * signal, every failure is a `JournalError` (journal-call.ts), anything read is checked to be a
 * record; one made for another request is refused with {@link KeyReuseError}, by another identity
 * with {@link KeyOwnerError}. What it records passes through the client's secrets and names its
 * owner. A key this run claimed is held under a lease (`leaseUntil`), renewed by a heartbeat until
 * its outcome or {@link release}; one finding it held by a live run waits ({@link awaitOutcome}).
 */
export class KeyedJournal {
  readonly #params: Record<string, unknown>;
  #recordedParams: Record<string, unknown> | undefined;
  /** Its records as stored: owner named, secrets hidden (record-stamp.ts). */
  readonly #stamp: RecordStamp;
  readonly #leaseMs: number;
  /** The journal's clock, and the same never carried ahead of the time gone by (key-lease.ts). */
  readonly #now: () => number;
  readonly #judgeNow: () => number;
  /** The record this run last wrote while it holds the key (its outcome unknown yet). */
  #held: JournalRecord | undefined;
  /** Stops the heartbeat's renewals of this run's lease (one timer per journal: lease-heartbeat.ts). */
  #stopBeating: (() => void) | undefined;
  /** Ends this run's mark on the key as held by a live run of this process (see key-holder.ts). */
  #unhold: (() => void) | undefined;
  /** This run's claim, once it landed: what it wrote and when (see own-lease.ts). */
  #own: OwnLease | undefined;
  /** This run's writes, one after another: a heartbeat never lands after the outcome. */
  #writing: Promise<unknown> = NOTHING_WRITING;
  /** The renewal waiting its turn among this run's writes (none sent yet). */
  #renewal: Promise<boolean> | undefined;
  /** The journal's claim refused this run the key: a read then finding no record is the journal's fault. */
  #claimRefused = false;

  constructor(
    private readonly journal: PurchaseJournal,
    readonly key: string,
    readonly kind: KeyedKind,
    params: Record<string, unknown>,
    private readonly signal: AbortSignal | undefined,
    private readonly scope: KeyScope,
  ) {
    // Already as a journal gives it back (through JSON): the caller's one copy of it (issue 37).
    this.#params = params;
    this.#stamp = new RecordStamp(scope, params, signal);
    // Members read again: a getter throwing now is a JournalError, nothing sent (redteam28).
    this.#leaseMs = readMember(() => leaseOf(journal), scope);
    this.#now = readMember(() => clockOf(journal), scope);
    this.#judgeNow = readMember(() => clockOf(journal, true), scope);
  }

  /** The parameters to record with the key (one copy per run: its records share it). */
  get params(): Record<string, unknown> {
    return (this.#recordedParams ??= { ...this.#params });
  }

  /** The record of the key, made for this very request; undefined when there is none. */
  read(): Promise<JournalRecord | undefined> {
    const release = releaseOf(this.journal, this.key);
    const get = () => {
      // Read once, called as checked (redteam28); a read that throws rejects, as `read` did.
      const operation = readMember(() => this.journal.get, this.scope);
      return this.#call(
        'read',
        () => operation.call(this.journal, this.key, this.#options()),
        false,
        operation,
      );
    };
    let found: Promise<unknown>;
    try {
      found = release ? this.#call('read', () => release).then(get) : get();
    } catch (error) {
      return Promise.reject(error);
    }
    // No record (a new key, the usual case): answered with no async layer of its own (issue 37).
    const { key, kind, scope, signal } = this;
    const checkedFor = { key, kind, params: this.#params, scope, signal };
    return found.then((found) => {
      if (found !== undefined && found !== null) return checkFound(found, checkedFor);
      if (this.#claimRefused) throw unseenClaimError(key);
      return undefined;
    });
  }

  /**
   * The key's record once no other live run holds it: read again, with pauses, until its outcome
   * is written or its lease runs out (it died). Ends with the call's signal, and after its
   * per-attempt timeout or deadline with {@link KeyInProgressError}.
   */
  awaitOutcome(): Promise<JournalRecord | undefined> {
    const started = performance.now(); // the first read is part of the wait
    // Not held (a new key, the usual case): no async layer of its own (keycost18).
    const { key, signal, scope } = this;
    const [judgeNow, leaseMs, read] = [this.#judgeNow, this.#leaseMs, () => this.read()];
    const timeoutMs = scope.timeoutMs;
    const wait: HeldKeyWait = { key, read, judgeNow, leaseMs, timeoutMs, signal };
    return readJudged(key, read, judgeNow).then(({ record, held }) =>
      held ? outcomeOnceFree(wait, started, record) : record,
    );
  }

  /** Stores `record` unless the key has one; whether it did (and holds the key). A claim landing
   * after the call stopped waiting is released: nothing was sent, the key free again. */
  async claim(record: JournalRecord): Promise<boolean> {
    const { journal, key } = this;
    const operation = readMember(() => journal.claim, this.scope);
    const claim = operation?.bind(journal);
    // A journal without claim: not atomic, as its author chose.
    if (!claim && !isFree(await this.read())) return false;
    // Marked before the lease is picked: a record naming this process is never taken for one it
    // left behind, and the lease stays known to the key's next claim here (key-holder.ts).
    const unhold = holdLive(key);
    // Started only if the call is still waiting (#call checks the signal first).
    const started: { landing?: Promise<boolean>; stamped?: JournalRecord } = {};
    try {
      const leased = {
        ...record,
        leaseUntil: claimLeaseUntil(key, this.#leaseMs, this.#now()),
        holder: HOLDER,
      };
      // Stamped at once when the owner is known (the usual case): no promise, no turn (issue 37).
      const ready = this.#stamp.stampedNow(leased);
      const stamped = (started.stamped =
        ready instanceof Promise ? await untilAborted(ready, this.signal) : ready);
      // A journal's own promise as it is (adopting it costs two turns and a timer, journal-call.ts).
      const start = () =>
        (started.landing = promiseOf(() =>
          claim
            ? claim(key, stamped, this.#options())
            : promiseOf(() => journal.set(key, stamped, this.#options())).then(() => true),
        ));
      const own = new OwnLease(this.#leaseMs, leased.leaseUntil, this.#now);
      let claimed = await this.#call('claim', start, false, operation);
      this.#claimRefused ||= Boolean(claim) && !claimed;
      // Answered late, it may have lost its lease meanwhile: read again; still its, renewed first.
      const late = claimed && own.mayHaveLapsed();
      if (late) claimed = own.holds(await this.#call('read', () => journal.get(key)));
      if (claimed) this.#hold(leased, unhold, own);
      else unhold();
      // The renewal reads the key again: taken over or not written, nothing is sent on it.
      if (!claimed || !late || (await this.#renew(false))) return claimed;
      this.#letGo();
      releaseIfLanded(journal, key, Promise.resolve(true), stamped, own); // if still the claim
      return false;
    } catch (error) {
      unhold();
      if (started.landing && started.stamped) {
        releaseIfLanded(journal, key, started.landing, started.stamped);
      }
      throw error;
    }
  }

  /**
   * Stores `record` over the key's even once the signal fired (what happened to the money is
   * recorded; only the waiting ends). An outcome ends this run's lease. */
  async write(record: JournalRecord): Promise<void> {
    const ends = record.stage === 'done' || record.stage === 'refused';
    const held = this.#held !== undefined && !ends;
    const next = held
      ? { ...record, leaseUntil: leaseUntil(this.#leaseMs, this.#now()), holder: HOLDER }
      : withoutLease(record);
    if (held) this.#held = next;
    // Stamped (seconds for a large answer) while the heartbeat renews the lease: let go of after.
    let stamped: JournalRecord | Promise<JournalRecord> | undefined;
    try {
      stamped = held ? undefined : this.#stamp.stamped(next);
    } catch (error) {
      stamped = Promise.reject(error as Error);
    }
    // Stamped already (the owner known, nothing to wait for): no turn taken (issue 37).
    if (stamped instanceof Promise) await stamped.catch(() => undefined);
    const stored = this.#serially(() => this.#store(next, stamped), true);
    if (!held) this.#letGo();
    await stored;
  }

  /**
   * Ends this run's hold: without an outcome, its lease is left run out (releasedClaim): nobody
   * waits, it is settled at once, by compare-and-set. Never throws.
   */
  release(): Promise<void> | undefined {
    const held = this.#held && releasedClaim(this.#held, this.#leaseMs, this.#now());
    // Nothing held nor being written (after an outcome): nothing to wait for, no turn (issue 37).
    const idle = !held && this.#writing === NOTHING_WRITING;
    const stored = held // #writing never rejects (#serially): waited for as it is
      ? this.#serially(() => this.#store(held)).catch(() => undefined)
      : this.#writing;
    this.#letGo();
    return idle ? undefined : stored.then(() => undefined);
  }

  /**
   * Sends an attempt of the held call (after its token, a retry's wait): stopped past its lease
   * meanwhile, the run renews it first; not renewed (taken over, the journal failed), nothing leaves
   * and the claim is let go of, freed if still this run's (late-claim.ts).
   */
  whileHeld<A>(send: () => Promise<A>): Promise<A> {
    if (!this.#held || !this.#own?.mayHaveLapsed()) return send();
    return this.#renew(false).then((renewed) => (renewed ? send() : this.#lost()));
  }

  async #lost(): Promise<never> {
    const [held, own] = [this.#held, this.#own];
    this.#letGo();
    const stamped = held && (await this.#stamp.stamped(held));
    if (stamped) releaseIfLanded(this.journal, this.key, Promise.resolve(true), stamped, own);
    throw new LostClaimError(this.key);
  }

  #hold(record: JournalRecord, unhold: () => void, own: OwnLease): void {
    this.#held = record;
    this.#own = own;
    this.#unhold = unhold;
    this.#stopBeating ??= heartbeatOf(this.journal, this.#leaseMs).hold(() => void this.#renew());
  }

  /**
   * Writes the held record with a fresh lease; false if the key is no longer its own, `ifFailed`
   * when the journal failed (a heartbeat's failure is not the run's). One renewal waits behind a
   * hung write, its lease reckoned when sent (at each beat, leases went out already run out).
   */
  async #renew(ifFailed = true): Promise<boolean> {
    if (!this.#held) return false;
    this.#renewal ??= this.#serially(() => {
      this.#renewal = undefined;
      if (!this.#held) return Promise.resolve(false); // the outcome or release came first
      const renewed = { ...this.#held, leaseUntil: leaseUntil(this.#leaseMs, this.#now()) };
      this.#held = renewed;
      return this.#store(renewed);
    });
    return this.#renewal.catch(() => ifFailed);
  }

  /** Stops the heartbeat; the key stays marked live until this run's last write has landed. */
  #letGo(): void {
    const unhold = this.#unhold;
    this.#held = this.#unhold = undefined;
    if (unhold) void this.#writing.then(unhold);
    this.#stopBeating?.();
    this.#stopBeating = undefined;
  }

  /** `write` after this run's earlier ones (`atOnce`: now, no turn, when none is under way). */
  #serially<T>(write: () => Promise<T>, atOnce = false): Promise<T> {
    const idleNow = atOnce && this.#writing === NOTHING_WRITING;
    const mine = idleNow ? write() : this.#writing.then(write, write);
    // Nothing once the last landed: a release (or write) after it need not wait (issue 37).
    const idle = () => void (this.#writing === writing && (this.#writing = NOTHING_WRITING));
    const writing: Promise<unknown> = mine.then(idle, idle);
    this.#writing = writing;
    return mine;
  }

  /** Writes `record`; false when it was not written: the key may no longer be this run's. */
  async #store(
    record: JournalRecord,
    ready: JournalRecord | Promise<JournalRecord> = this.#stamp.stamped(record),
  ): Promise<boolean> {
    const stamped = ready instanceof Promise ? await ready : ready;
    // Late or frozen past its lease, this run never writes over an outcome or another run's claim.
    const call = <T>(action: string, run: () => Promise<T>, operation: unknown) =>
      this.#call(action, run, true, operation);
    const members = <T>(read: () => T): T => readMember(read, this.scope);
    return writeAsHolder(this.journal, this.key, record, stamped, this.#own, call, members);
  }

  #options() {
    return this.signal ? { signal: this.signal } : {};
  }

  #call<T>(action: string, run: () => Promise<T>, evenIfAborted = false, operation?: unknown) {
    const { key, scope, signal } = this;
    return callJournal({ key, scope, signal }, action, run, evenIfAborted, operation);
  }
}
