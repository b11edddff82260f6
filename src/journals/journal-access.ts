import { AbortError } from '../core/errors/abort-error.js';
import { JournalError } from '../core/errors/journal-errors.js';
import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { checkRecord, type JournalRecord, type PurchaseJournal } from './journal.js';

/**
 * A journal as `client.journal` uses it: every failure is a {@link JournalError} naming the key,
 * anything read is checked to be a record, and a method the journal lacks is a typed error.
 */
export class JournalAccess {
  constructor(readonly journal: PurchaseJournal) {
    const usable =
      typeof journal === 'object' &&
      journal !== null &&
      typeof journal.get === 'function' &&
      typeof journal.set === 'function';
    if (!usable) {
      throw new InvalidRequestError('Invalid journal: must have get(key) and set(key, record)', {
        field: 'journal',
      });
    }
  }

  async get(key: string, signal?: AbortSignal): Promise<JournalRecord | undefined> {
    const found = await this.#call(`read the record of key "${key}"`, () =>
      this.journal.get(key, signal ? { signal } : {}),
    );
    return found === undefined || found === null
      ? undefined
      : checkRecord(found, `journal's record of key "${key}"`);
  }

  set(key: string, record: JournalRecord): Promise<void> {
    return this.#call(`write the record of key "${key}"`, () => this.journal.set(key, record));
  }

  list(options: { after?: string; limit?: number }) {
    const list = this.#method('list');
    return this.#call('list its records', async () =>
      (await list(options)).map(({ key, record }) => ({
        key,
        record: checkRecord(record, `journal's record of key "${key}"`),
      })),
    );
  }

  prune(olderThan: Date): Promise<number> {
    const prune = this.#method('prune');
    return this.#call('prune its records', () => prune(olderThan));
  }

  #method<Name extends 'list' | 'prune'>(name: Name): NonNullable<PurchaseJournal[Name]> {
    const method = this.journal[name];
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
      return await run();
    } catch (error) {
      if (error instanceof JournalError || error instanceof AbortError) throw error;
      throw new JournalError(`The journal could not ${action}`, { cause: error });
    }
  }
}
