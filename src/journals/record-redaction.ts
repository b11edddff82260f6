import { isLarge } from '../large-text/large-value.js';
import type { KeyScope } from '../keys/key-scope.js';
import type { JournalRecord } from './journal.js';

/**
 * The fields of a record seatpay writes itself, from its own values (a stage, a timestamp, the
 * lease and its holder, a MAC): they cannot quote a secret. Everything else (the input, the service's
 * answers) is redacted.
 */
const OWN_FIELDS = new Set([
  'kind',
  'stage',
  'charged',
  'updatedAt',
  'leaseUntil',
  'holder',
  'paramsDigest',
]);

/** A field as last given, the secrets known then, and the field as stored. */
interface Redacted {
  given: unknown;
  known: readonly string[];
  stored: unknown;
}

/**
 * The records of one keyed run as they are stored: the client's secrets hidden in every field that
 * can hold one (what the caller gave, what the service answered: params, result, payment,
 * subscription ...). A field repeated from the run's previous record (the same object: params, a
 * plan, a payment) is not searched again unless the client learned a secret since (a card sent
 * meanwhile): each write searches only what is new in it (issue 37).
 */
export class RecordRedaction {
  readonly #last = new Map<string, Redacted>();

  constructor(private readonly scope: KeyScope) {}

  /**
   * `record` as stored, at once (no promise, no turn: issue 37) unless a field is large: then a
   * promise of it, the large fields searched one after the other in slices, each in its place.
   */
  redact(record: JournalRecord): JournalRecord | Promise<JournalRecord> {
    const stored: Record<string, unknown> = {};
    const known = this.scope.known();
    let later: Promise<void> | undefined;
    for (const name in record) {
      if (!Object.hasOwn(record, name)) continue; // no array of the names (issue 37)
      const given: unknown = record[name as keyof JournalRecord];
      if (OWN_FIELDS.has(name) && (typeof given === 'string' || given === undefined)) {
        stored[name] = given;
        continue;
      }
      const last = this.#last.get(name);
      if (last && last.given === given && last.known === known && typeof given === 'object') {
        stored[name] = last.stored;
        continue;
      }
      // The input as given (compared, never replayed) as errors are; the answers, replayed, with
      // a short number hidden only where labelled, whole or next to the card (`inv-987` stays).
      const replayed = name !== 'params';
      const { scope } = this;
      if (!isLarge(given)) {
        const hidden = replayed ? scope.redactStored(given) : scope.redact(given);
        this.#keep(stored, name, given, known, hidden);
        continue;
      }
      // An answer of megabytes is searched in slices, the event loop let go between them.
      stored[name] = undefined; // its place among the fields
      const slices = () =>
        scope.redactLater(given, replayed).then((hidden) => {
          this.#keep(stored, name, given, known, hidden);
        });
      later = later ? later.then(slices) : slices();
    }
    const done = stored as unknown as JournalRecord;
    return later ? later.then(() => done) : done;
  }

  /** `hidden`, the field `name` as stored, put in place and remembered for the run's next record. */
  #keep(
    stored: Record<string, unknown>,
    name: string,
    given: unknown,
    known: readonly string[],
    hidden: unknown,
  ): void {
    this.#last.set(name, { given, known, stored: hidden });
    stored[name] = hidden;
  }
}
