import fs from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Flushes a journal database's write-ahead log to disk off the event loop: `fdatasync` of the
 * `-wal` file on libuv's thread pool, where SQLite's own `synchronous = FULL` would run `fsync` in
 * the statement, holding the whole process for the disk's time (milliseconds under load: issue 37).
 *
 * Why this is the same durability: in WAL mode a commit only appends frames to the `-wal` file
 * (the database file is written by checkpoints, which flush it themselves at `synchronous =
 * NORMAL`), so once the frames of a commit are on disk the commit survives a power cut. A flush
 * reaches the file's data whichever descriptor asks for it. The `-wal` file stays the same file
 * while this connection is open (SQLite deletes it only when the last connection closes, after a
 * checkpoint has flushed everything into the database); its directory entry is flushed once, when
 * it is first opened here, since the file may be new. Nothing here takes or drops a lock: SQLite
 * locks the database and `-shm` files, never the `-wal` file, so opening and closing it here cannot
 * release one of SQLite's POSIX locks.
 *
 * Commits that arrive while a flush is waiting to start share it: one fdatasync covers every frame
 * written before it starts (several claims of one process at once, one flush).
 *
 * The flush is `fs.fdatasync` on the handle's descriptor, not `FileHandle.datasync`: the same
 * request to the thread pool without the handle's promise layer (its reference count, its
 * closing checks), 3 to 7 µs less CPU per flush (BENCHMARKS.md filecost15). The handle does not
 * see that flush, so {@link close} lets it end before closing the descriptor, which a new file
 * could otherwise get while the flush in flight still names it.
 */
export class WalFlush {
  readonly #file: string;
  #handle: Promise<FileHandle> | undefined;
  /** The last flush asked for: the next one starts after it. */
  #queue: Promise<unknown> = Promise.resolve();
  /** A flush asked for that has not started yet: it covers a commit made now too. */
  #waiting: Promise<void> | undefined;

  /** `database`: the journal database's file (its log is `database + '-wal'`, SQLite's naming). */
  constructor(database: string) {
    // Resolved now: SQLite resolved it when it opened the database, whatever the process's
    // working directory becomes later.
    this.#file = `${resolve(database)}-wal`;
  }

  /** Resolves once every commit made before this call is on disk. */
  flush(): Promise<void> {
    if (this.#waiting) return this.#waiting;
    const run = async () => {
      this.#waiting = undefined; // from here on, a new commit needs the next flush
      const { fd } = await this.#opened();
      await new Promise<void>((flushed, failed) => {
        fs.fdatasync(fd, (error) => (error ? failed(error) : flushed()));
      });
    };
    const flushed = this.#queue.then(run, run);
    this.#queue = flushed.catch(() => undefined);
    return (this.#waiting = flushed);
  }

  /**
   * Lets the file go, once the flushes asked for are done. A close that fails (EIO: NFS telling a
   * late write error) is let be: each claim's flush already said whether it reached the disk, and
   * left unhandled it ended the process (review15c).
   */
  close(): void {
    const handle = this.#handle;
    this.#handle = undefined;
    void this.#queue.then(() => handle?.then((open) => open.close())).catch(() => undefined);
  }

  #opened(): Promise<FileHandle> {
    this.#handle ??= openLog(this.#file).catch((error: unknown) => {
      this.#handle = undefined; // the next flush tries again
      throw error;
    });
    return this.#handle;
  }
}

/** The log, opened for writing (what Windows asks of a flush), its directory entry flushed. */
async function openLog(file: string): Promise<FileHandle> {
  const handle = await open(file, 'r+');
  try {
    if (process.platform !== 'win32') {
      // A directory is opened for reading to flush it; Windows has no such flush (nor needs one).
      const directory = await open(dirname(file), 'r');
      try {
        await directory.sync();
      } finally {
        await directory.close();
      }
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
