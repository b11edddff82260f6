import { resolve } from 'node:path';
import { checkPathArgument } from '../../node/path-argument.js';
import type { PurchaseJournal } from '../journal.js';
import { pairedWithSet } from '../held-writer.js';
import { inspectJournalFile, journalFileOf, readLegacyRecords } from './legacy-journal-file.js';
import { fileIdentity, fileIdentityNow, holdOpen, inTurn, isOpenHere } from './open-here.js';
import { SqliteJournalStore } from './sqlite-journal-store.js';
import { storedKey as stored } from '../key-text.js';
import { namingStore } from '../journal-store-name.js';

/**
 * A {@link PurchaseJournal} in a file, with `close()` to let the file go before the process ends.
 *
 * @example
 * ```ts
 * const journal: FileJournal = fileJournal('./orders.db');
 * journal.close();
 * ```
 * @category Node
 */
export interface FileJournal extends PurchaseJournal {
  /**
   * Closes the database, once the claims and lock waits under way have ended; a later call opens it again.
   *
   * @example
   * ```ts
   * const journal = fileJournal('./orders.db');
   * await client.consumables.checkout({ service: 'ai-credits', how_many: 10, subscription: 7, key: 'topup-1', journal });
   * journal.close(); // the script is done with it
   * ```
   */
  close(): void;
}

/**
 * A durable journal in one file, for scripts and servers on one machine: a purchase or checkout
 * whose process died (a crash, a kill, a reboot) is never paid twice, and processes sharing the
 * file cannot both pay for one key. The file is an SQLite database (Node's built-in `node:sqlite`:
 * Node 22.13 or later; on Node 22 it prints an ExperimentalWarning once): a get, claim or set costs
 * the same with a million records as with ten, a claim is on disk before it resolves (flushed off
 * the event loop) and every write survives a killed process, and
 * SQLite's locks keep processes apart (those that create the file at the same moment too). Waiting
 * for another process's lock leaves this process running (timers, signals) and ends with the
 * call's signal; a file another process keeps locked for 15 s fails the call with a `JournalError`.
 *
 * A journal file written by seatpay 0.1.0 (one JSON object of records) is left as it is and its
 * records are carried into a database beside it, `path + '.sqlite'`, on first use (keys 0.1.0
 * adds later are carried at the next open, but what it writes later for a key already carried
 * is not: stop 0.1.0 first). Anything else at `path` (not a file, not JSON, records that are not
 * seatpay's, an SQLite database of another program), and a file that cannot be read, written or
 * created, fails the call with a
 * `JournalError` naming the file, before any money call: the journal is never started afresh.
 *
 * @example
 * ```ts
 * import { fileJournal } from 'seatpay/node';
 *
 * const journal = fileJournal('./purchases.db');
 * const result = await client.purchase({
 *   plan: 'team-per-seat',
 *   team_seats: 3,
 *   card,
 *   chosen_period: 'MONTH',
 *   key: `order-${orderId}`,
 *   journal,
 * });
 * ```
 * @category Node
 */
export function fileJournal(path: string, options: FileJournalOptions = {}): FileJournal {
  // `fileJournal(process.env.JOURNAL!)` with the variable unset: refused as any bad argument is.
  checkPathArgument(path, "fileJournal needs a file's path", 'path');
  // Resolved once, here: a working directory changed before its first use, or before a use
  // after close(), must not send the journal to another folder's file (its records not there).
  const given = resolve(path);
  let opened: Promise<SqliteJournalStore> | undefined;
  // The file it opened, by its folder's real path as the open began: it names the store until
  // closed, wherever the path leads since (a deploy's `current` flipped to the next release).
  let openedAs: string | undefined;
  const store = () => {
    if (opened) return opened;
    const named = (found: string) => void (opened === opening && (openedAs = found));
    const opening = openStore(path, given, named).catch((error: unknown) => {
      // The next call looks again: the file may have been fixed.
      if (opened === opening) opened = openedAs = undefined;
      throw error;
    });
    return (opened = opening);
  };
  // Named by its file: a journal opened per request on one file takes its decisions in turns.
  const journal = pairedWithSet({
    get: async (key, options) => (await store()).get(stored(key), options?.signal),
    set: async (key, record, options) => (await store()).set(stored(key), record, options?.signal),
    claim: async (key, record, options) =>
      (await store()).claim(stored(key), record, options?.signal),
    setIfHeld: async (key, record, held, options) =>
      (await store()).setIfHeld(stored(key), record, held, options?.signal),
    list: async (options = {}) =>
      (await store()).list(options.after, options.limit, options.signal),
    delete: async (key, options) => (await store()).delete(stored(key), options?.signal),
    prune: async (olderThan, options) => (await store()).prune(olderThan, options?.signal),
    ...(options.lease === undefined ? {} : { lease: options.lease }),
    close: () => {
      const closing = opened;
      opened = openedAs = undefined;
      void closing?.then(
        (open) => open.close(),
        () => undefined,
      );
    },
  });
  // By its folder's real path, as opens are (open-here.ts): a symlinked folder is one store. Asked
  // at each decision: a journal made before its folder (at the app's start) is named as it is now,
  // one open by the file it opened.
  return namingStore(journal, () => `file:${openedAs ?? fileIdentityNow(given)}`);
}

/**
 * The options of {@link fileJournal}.
 *
 * @example
 * ```ts
 * const journal = fileJournal('./orders.db', { lease: 10_000 } satisfies FileJournalOptions);
 * ```
 * @category Node
 */
export interface FileJournalOptions {
  /**
   * How long a claim of a process that died holds its key, in ms (see `PurchaseJournal.lease`).
   * @defaultValue 30000
   */
  lease?: number;
}

async function openStore(
  path: string,
  given: string,
  named: (store: string) => void,
): Promise<SqliteJournalStore> {
  // `given` resolved once: a working directory changed during the awaits below (a lock waited
  // for) must not send the database's open, or its log's flush (wal-flush.ts), elsewhere.
  let file = await journalFileOf(given, path);
  const id = await fileIdentity(file);
  // The file found here is the one opened (by its real path) and the name of the store: a folder
  // symlink flipped during the open (a deploy) sent SQLite to the new file, named by the old one.
  if (file === given) {
    named(id);
    file = id;
  } else named(fileIdentityNow(given)); // a symlink to the file itself: named by the link
  return inTurn(id, async () => {
    // A file this process has open in SQLite is a database, and is not read outside SQLite:
    // closing that read would drop the open connection's locks (open-here.ts). Its claims watch
    // the path as given: a symlink there pointed elsewhere sends every new opener elsewhere.
    if (isOpenHere(id)) return SqliteJournalStore.open(file, path, holdOpen(id), given);
    const { kind, stamp } = await inspectJournalFile(file, path);
    if (kind !== 'legacy') return SqliteJournalStore.open(file, path, holdOpen(id), given);
    // A 0.1.0 file is JSON, never opened by SQLite: its records go into a database beside it.
    const sqlite = `${file}.sqlite`;
    const store = await SqliteJournalStore.open(sqlite, path, holdOpen(await fileIdentity(sqlite)));
    await store.importMissing(await readLegacyRecords(file, path), file, stamp);
    return store;
  });
}
