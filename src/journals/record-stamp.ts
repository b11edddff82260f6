import { untilAborted } from '../core/retry/until-aborted.js';
import { AbortError } from '../core/errors/abort-error.js';
import type { KeyScope } from '../keys/key-scope.js';
import type { JournalRecord } from './journal.js';
import { ParamsDigest } from './params-digest.js';
import { RecordRedaction } from './record-redaction.js';

/**
 * The records of one keyed run as they are stored: each its owner named (a digest of the client's
 * identity), the client's secrets hidden (record-redaction.ts) and, when a parameter was hidden,
 * the digest of the parameters beside them (params-digest.ts).
 */
export class RecordStamp {
  readonly #redaction: RecordRedaction;
  readonly #paramsDigest: ParamsDigest;
  #owner: Promise<string> | undefined;
  /** The owner digest once known: the run's later records do not wait for it again. */
  #ownerNow: string | undefined;

  constructor(
    private readonly scope: KeyScope,
    params: Record<string, unknown>,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.#redaction = new RecordRedaction(scope);
    this.#paramsDigest = new ParamsDigest(scope, params);
  }

  /**
   * `record` as it is stored: its owner named, the client's secrets hidden. Once the owner is
   * known and nothing has to be waited for, the record itself (issue 37: an async layer, two
   * promises and a turn per write); else a promise of it. What fails fails as it is thrown.
   */
  stamped(record: JournalRecord): JournalRecord | Promise<JournalRecord> {
    // Known at once when the client's secret was derived by an earlier call: no promise, no turn.
    const owner = (this.#ownerNow ??= this.scope.ownerNow());
    if (owner === undefined) return this.#stampedLater(record);
    const redacted = this.#redaction.redact(record); // a fresh object: named in place
    if (redacted instanceof Promise) return redacted.then((stored) => this.#named(stored, owner));
    return this.#named(redacted, owner);
  }

  /** As {@link stamped}, but a rejection once the call stopped (as `untilAborted` gives). */
  stampedNow(record: JournalRecord): JournalRecord | Promise<JournalRecord> {
    let ready: JournalRecord | Promise<JournalRecord>;
    try {
      ready = this.stamped(record);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const { signal } = this;
    if (ready instanceof Promise || !signal?.aborted) return ready;
    return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
  }

  async #stampedLater(record: JournalRecord): Promise<JournalRecord> {
    // Known by the time a record is written after a claim: a write after an abort still goes.
    const owner = this.#ownerNow ?? (this.#ownerNow = await (this.#owner ?? this.#ownerDigest()));
    // Values already there are not waited for (a turn and a promise each: issue 37).
    const redacted = this.#redaction.redact(record); // a fresh object: named in place
    return this.#named(redacted instanceof Promise ? await redacted : redacted, owner);
  }

  #named(stored: JournalRecord, owner: string): JournalRecord | Promise<JournalRecord> {
    const digest = this.#paramsDigest.for(stored.params);
    const name = (paramsDigest: string | undefined) => {
      stored.owner = owner;
      if (paramsDigest !== undefined) stored.paramsDigest = paramsDigest;
      return stored;
    };
    return digest instanceof Promise ? digest.then(name) : name(digest);
  }

  #ownerDigest(): Promise<string> {
    const { signal } = this;
    this.#owner ??= this.scope.owner(signal);
    return signal ? untilAborted(this.#owner, signal) : this.#owner;
  }
}
