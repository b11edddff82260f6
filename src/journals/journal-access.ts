import { AbortError } from '../core/errors/abort-error.js';
import { untilAborted } from '../core/retry/until-aborted.js';
import { JournalError } from './journal-errors.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { checkRecord } from './stored-record.js';
import { callingFor } from './decision-turns.js';
import { readableJournal, readMember } from './journal-members.js';
import { clockOf } from './key-lease.js';
import { promiseOf } from './journal-call.js';

/**
 * A journal as `client.journal` uses it: every failure is a {@link JournalError} naming the key,
 * anything read is checked to be a record, and a method the journal lacks is a typed error.
 */
export class JournalAccess {
  constructor(
    readonly journal: PurchaseJournal,
    /** The client's secrets, hidden in what a journal threw. */
    private readonly secrets?: { cause(thrown: unknown): unknown },
  ) {
    readableJournal(journal, secrets); // an object with get and set, as read once
  }

  /**
   * The journal's member `name`, read again (a getter that throws then is a JournalError, as
   * readableJournal's first read's is).
   */
  member<Name extends keyof PurchaseJournal>(name: Name): PurchaseJournal[Name] {
    return this.reading((journal) => journal[name]);
  }

  /** The journal's clock (`clockOf`, judging: another run's lease), its members read as above. */
  clock(): () => number {
    return this.reading((journal) => clockOf(journal, true));
  }

  /** What `read` reads of the journal's members, a read that throws a JournalError as above. */
  reading<T>(read: (journal: PurchaseJournal) => T): T {
    return readMember(() => read(this.journal), this.secrets);
  }

  async get(key: string, signal?: AbortSignal): Promise<JournalRecord | undefined> {
    // A read ends with the signal even in a journal that ignores it: nothing is written after.
    const found = await this.#call(`read the record of key "${key}"`, () =>
      untilAborted(
        promiseOf(() => this.#own(key, () => this.journal.get(key, signal ? { signal } : {}))),
        signal,
      ),
    );
    return found === undefined || found === null
      ? undefined
      : checkRecord(found, `journal's record of key "${key}"`);
  }

  set(key: string, record: JournalRecord): Promise<void> {
    return this.#call(`write the record of key "${key}"`, () =>
      this.#own(key, () => this.journal.set(key, record)),
    );
  }

  /** A conditional write of the record of `key` (`write` resolves whether it landed). */
  setIf(key: string, write: () => Promise<boolean>): Promise<boolean> {
    return this.#call(`write the record of key "${key}"`, () => this.#own(key, write));
  }

  list(options: { after?: string; limit?: number }) {
    const list = this.#method('list');
    return this.#call('list its records', async () =>
      (await promiseOf(() => list(options))).map(({ key, record }) => ({
        key,
        record: checkRecord(record, `journal's record of key "${key}"`),
      })),
    );
  }

  /**
   * Every record, a page of `pageSize` at a time (after `after`), until `more` says enough. A
   * journal's `list` that does not page (it ignores `after` or `limit`: a page longer than asked,
   * or a key met before) is a JournalError that says so, never a loop without end.
   */
  async *pages(after: string | undefined, pageSize: number) {
    const seen = new Set<string>(after === undefined ? [] : [after]);
    for (let from = after; ;) {
      const page = await this.list({
        ...(from === undefined ? {} : { after: from }),
        limit: pageSize,
      });
      if (page.length > pageSize) {
        throw new JournalError(
          `The journal's list() gave ${page.length} records for a limit of ${pageSize}: it must honour limit (at most that many, in ascending key order after the key \`after\`)`,
        );
      }
      for (const { key } of page) {
        if (seen.has(key)) {
          throw new JournalError(
            `The journal's list() gave the key "${key}" twice (after "${from ?? ''}"): it must honour after (only keys after it, in ascending order)`,
          );
        }
        seen.add(key);
      }
      yield page;
      if (page.length < pageSize) return;
      from = page.at(-1)!.key;
    }
  }

  prune(olderThan: Date): Promise<number> {
    const prune = this.#method('prune');
    return this.#call('prune its records', () => prune(olderThan));
  }

  /** The journal's own operation on `key`, for a decision on it (decision-turns.ts). */
  #own<T>(key: string, operation: () => T): T {
    return callingFor(this.journal, key, operation);
  }

  #method<Name extends 'list' | 'prune'>(name: Name): NonNullable<PurchaseJournal[Name]> {
    const method = this.member(name);
    if (typeof method !== 'function') {
      throw new InvalidRequestError(
        `This journal has no ${name}() method: every journal seatpay ships has one; add it to your own journal to use client.journal.${name}`,
        { field: 'journal' },
      );
    }
    return method.bind(this.journal) as NonNullable<PurchaseJournal[Name]>;
  }

  async #call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await promiseOf(run); // a thenable adopted as a journal call's is (journal-call.ts)
    } catch (error) {
      if (error instanceof JournalError || error instanceof AbortError) throw error;
      const advice = "fix the journal (what it threw is this error's `cause`) and call again";
      throw new JournalError(`The journal could not ${action}: ${advice}`, {
        cause: this.secrets ? this.secrets.cause(error) : error,
      });
    }
  }
}
