import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { WalFlush } from './wal-flush.js';
import { OpenedFile } from './opened-file.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { JournalError } from '../journal-errors.js';
import type { JournalRecord } from '../journal.js';
import type { HeldClaim } from '../held-claim.js';
import { checkRecord } from '../stored-record.js';
import { failure } from './legacy-journal-file.js';
import { openFailure } from './open-failure.js';
import { rowOf, SQL } from './journal-rows.js';
import {
  isLocked,
  LOCK_WAIT_MS,
  prepareJournalDatabase,
  withLockWait,
} from './sqlite-journal-open.js';

/**
 * The records of a `fileJournal` in one SQLite database (Node's built-in `node:sqlite`): each
 * get, claim and set is one indexed statement, so its cost does not grow with the records held;
 * every write is a transaction (WAL) that a killed process cannot leave half done, and a claim is
 * flushed to disk before it resolves ({@link claim}); processes sharing the file take SQLite's own locks, waiting for another
 * process's lock on timers (up to 15 s, and never past the call's signal: {@link withLockWait}),
 * also while another process creates the file ({@link prepareJournalDatabase}).
 */
export class SqliteJournalStore {
  readonly #statements: Record<keyof typeof SQL, StatementSync>;
  readonly #wal: WalFlush;
  /** Claims and lock waits under way, and whether `close()` waits for them: see {@link close}. */
  #underWay = 0;
  #closeWhenDone = false;

  private constructor(
    private readonly db: DatabaseSync,
    private readonly path: string,
    file: string,
    /** The database file opened: a claim lands only while the path still names it. */
    private readonly opened: OpenedFile,
    /** Called once the database is closed (open-here.ts). */
    private readonly released: () => void,
  ) {
    this.#wal = new WalFlush(file);
    this.#statements = Object.fromEntries(
      Object.entries(SQL).map(([name, text]) => [name, db.prepare(text)]),
    ) as Record<keyof typeof SQL, StatementSync>;
  }

  /**
   * Opens (creating if need be) the database at `file`; `path` names it in errors. `release` is
   * called once the database is closed, or at once if it cannot be opened. A claim lands only while
   * `name` (the absolute path `file` was found by, a symlink perhaps) still names this file.
   */
  static async open(
    file: string,
    path: string,
    release: () => void = () => undefined,
    name = file,
  ): Promise<SqliteJournalStore> {
    let sqlite: typeof import('node:sqlite');
    try {
      sqlite = await import('node:sqlite');
    } catch (error) {
      release();
      throw new JournalError(
        'fileJournal needs node:sqlite: Node 22.13 or later (22.5 to 22.12 with --experimental-sqlite)',
        { path, cause: error },
      );
    }
    let db: DatabaseSync | undefined;
    try {
      db = new sqlite.DatabaseSync(file);
      await prepareJournalDatabase(db, path);
      return new SqliteJournalStore(db, path, file, await OpenedFile.of(file, name), release);
    } catch (error) {
      if (db?.isOpen) db.close(); // a failed open keeps no file handle
      release();
      if (error instanceof JournalError) throw error;
      throw openFailure(path, file, error);
    }
  }

  async get(key: string, signal?: AbortSignal): Promise<JournalRecord | undefined> {
    const row = (await this.#run('read', () => this.#statements.get.get(key), signal)) as
      { record: string } | undefined;
    return row === undefined ? undefined : this.#parse(key, row.record);
  }

  async set(key: string, record: JournalRecord, signal?: AbortSignal): Promise<void> {
    await this.#run('write', () => this.#statements.set.run(...rowOf(key, record)), signal);
  }

  /** Writes `record` only while the key is still the live claim `held` names; whether it did. */
  async setIfHeld(
    key: string,
    record: JournalRecord,
    held: HeldClaim,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const [, text, stage, settled, written] = rowOf(key, record);
    const leases = JSON.stringify(held.leases);
    const { changes } = await this.#run(
      'write',
      () => this.#statements.setIfHeld.run(text, stage, settled, written, key, held.holder, leases),
      signal,
    );
    return changes === 1;
  }

  /**
   * A claim is flushed to disk (its WAL frames and every earlier write's) before it resolves: a
   * claim lost to a power cut would let a re-run pay again. Every write commits at
   * `synchronous = NORMAL`, written through to the OS (a killed process loses none); a claim that
   * landed is then flushed by {@link WalFlush} (fdatasync of the WAL, off the event loop: the
   * process goes on meanwhile). Other writes are flushed by the next claim or checkpoint: one a
   * power cut loses leaves a key claimed and unknown (an outcome), held a little longer (a lease),
   * or unsettled (a settlement): never charged twice. One flush per keyed call (issue 37).
   */
  claim(key: string, record: JournalRecord, signal?: AbortSignal): Promise<boolean> {
    return this.#landing(() => this.#claim(key, record, signal));
  }

  /** `work`, which `close()` lets end first (its awaits span the database's statements). */
  async #landing<T>(work: () => Promise<T>): Promise<T> {
    this.#underWay++;
    try {
      return await work();
    } finally {
      if (--this.#underWay === 0 && this.#closeWhenDone) this.close();
    }
  }

  async #claim(key: string, record: JournalRecord, signal?: AbortSignal): Promise<boolean> {
    const row = rowOf(key, record);
    const { changes } = await this.#run('claim', () => this.#statements.claim.run(...row), signal);
    if (changes !== 1) return false;
    const atItsPath = this.opened.isAtItsPath(); // as the claim landed, before its flush
    try {
      await this.#wal.flush();
    } catch (error) {
      // Not known to be on disk: taken back (nothing was sent), so the call fails as unclaimed.
      await this.#unclaim(row);
      throw failure(`Could not flush the claim to the journal ${this.path}`, this.path, error);
    }
    if (!atItsPath) {
      // Made in a file no one else sees: another process may claim the key at the path too.
      await this.#unclaim(row);
      throw new JournalError(
        `The journal ${this.path} is no longer the file at that path (deleted or replaced while open): nothing was sent; close this journal and open it again`,
        { path: this.path },
      );
    }
    return true;
  }

  /**
   * Takes back a claim whose flush failed, if it is still the one this run wrote; best effort. It
   * waits for another process's write lock as any write does: given up at once, it left a key that
   * was never sent "sent, outcome unknown".
   */
  async #unclaim([key, record]: ReturnType<typeof rowOf>): Promise<void> {
    try {
      await this.#run(
        'take back the claim',
        () => this.#statements.unclaim.run(key, record),
        undefined,
      );
    } catch {
      // The journal is failing: the key stays claimed and unknown, settleable as any other.
    }
  }

  /** Inserts the keys this database does not have yet: a 0.1.0 file's records, carried over. */
  async importMissing(
    records: Map<string, JournalRecord>,
    source: string,
    stamp: string,
  ): Promise<void> {
    await this.#run(
      'import',
      () => {
        this.db.exec('BEGIN IMMEDIATE');
        try {
          const seen = this.#statements.importedStamp.get(source) as { stamp: string } | undefined;
          if (seen?.stamp !== stamp) {
            for (const [key, record] of records)
              this.#statements.insertMissing.run(...rowOf(key, record));
            this.#statements.markImported.run(source, stamp);
          }
          this.db.exec('COMMIT');
        } catch (error) {
          this.db.exec('ROLLBACK');
          throw error;
        }
      },
      undefined,
    );
    // Carried-over records are claims: flushed as one (see `claim`).
    try {
      await this.#wal.flush();
    } catch (error) {
      throw failure(`Could not flush the journal ${this.path}`, this.path, error);
    }
  }

  async list(
    after: string | undefined,
    limit: number | undefined,
    signal?: AbortSignal,
  ): Promise<Array<{ key: string; record: JournalRecord }>> {
    const rows = (await this.#run(
      'list',
      () => this.#statements.list.all(after ?? null, after ?? null, limit ?? -1),
      signal,
    )) as Array<{ key: string; record: string }>;
    return rows.map(({ key, record }) => ({ key, record: this.#parse(key, record) }));
  }

  async delete(key: string, signal?: AbortSignal): Promise<void> {
    await this.#run('delete', () => this.#statements.delete.run(key), signal);
  }

  async prune(olderThan: Date, signal?: AbortSignal): Promise<number> {
    const pruned = this.#statements.prune;
    return Number(
      (await this.#run('prune', () => pruned.run(olderThan.getTime()), signal)).changes,
    );
  }

  /**
   * Closes the database, once the claims under way have ended: closed under one (a server's
   * shutdown closing its journal while a request was in flight), its flush failed and its taking
   * back too, the key left "sent, outcome unknown" though nothing was sent (redteam31). A write
   * waiting for another process's lock too (at most `LOCK_WAIT_MS`, or its signal): closed under
   * it, a charge's record never landed, its re-run was an UnsettledKeyError (review14b).
   */
  close(): void {
    this.#closeWhenDone = this.#underWay > 0;
    if (this.#closeWhenDone) return;
    if (this.db.isOpen) this.db.close();
    this.#wal.close();
    this.released();
  }

  #parse(key: string, text: string): JournalRecord {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new JournalError(
        `The journal ${this.path} holds a record that is not JSON (key "${key}")`,
        {
          path: this.path,
          cause: error,
        },
      );
    }
    return checkRecord(value, `journal ${this.path} (key "${key}")`, this.path);
  }

  #run<T>(action: string, work: () => T, signal: AbortSignal | undefined): Promise<T> {
    // The usual: no other process holds the lock, the statement answers at once (no async layer
    // of its own: issue 37). Locked: waited for on timers, as below.
    if (!signal?.aborted) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        if (!isLocked(error)) return Promise.reject(this.#failed(action, error));
      }
    }
    return this.#waited(action, work, signal);
  }

  async #waited<T>(action: string, work: () => T, signal: AbortSignal | undefined): Promise<T> {
    const { path } = this;
    const stillLocked = (error: unknown) =>
      new JournalError(
        `Could not ${action} in the journal ${path}: another process kept it locked for ${LOCK_WAIT_MS / 1000} s; let that process finish (or end it), then try again`,
        { path, cause: error },
      );
    try {
      return await this.#landing(() => withLockWait(work, signal, stillLocked));
    } catch (error) {
      throw this.#failed(action, error);
    }
  }

  #failed(action: string, error: unknown): unknown {
    if (error instanceof JournalError || error instanceof AbortError) return error;
    return failure(`Could not ${action} in the journal ${this.path}`, this.path, error);
  }
}
