import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * The database file a journal's connection opened, told by its device and inode. A file deleted
 * or renamed away while open stays open: SQLite goes on writing into it where no other process
 * (nor a new journal at the path) can see, while they record into a new file at the path, so two
 * could claim one key and both pay. A claim therefore checks that the path still names this file.
 * A `stat` by name opens no descriptor, so it cannot drop one of SQLite's POSIX locks
 * (open-here.ts). The claim's check is synchronous, as SQLite's own statements on the same folder
 * are: a few microseconds of CPU, where an asynchronous `stat` cost a trip to the thread pool and
 * back, 30 to 150 µs of a keyed call's CPU (issue 37, BENCHMARKS.md keycost14).
 */
export class OpenedFile {
  private constructor(
    /** The name others open it by: the journal's path, followed through a symlink when stated. */
    private readonly file: string,
    private readonly dev: bigint,
    private readonly ino: bigint,
  ) {}

  /**
   * `file` as it is now (just opened by SQLite, which created it if need be), watched at `name`:
   * the journal's own path when it is a symlink, so that one pointed at another database counts as
   * replaced (every process opening the path from then on records there).
   */
  static async of(file: string, name = file): Promise<OpenedFile> {
    const { dev, ino } = await stat(file, { bigint: true });
    return new OpenedFile(name, dev, ino);
  }

  /** Whether the path still names the file opened (not deleted, not replaced). */
  isAtItsPath(): boolean {
    try {
      const now = statSync(this.file, { bigint: true, throwIfNoEntry: false });
      return now !== undefined && now.dev === this.dev && now.ino === this.ino;
    } catch {
      return false;
    }
  }
}
