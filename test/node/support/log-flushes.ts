// A fileJournal flushes its write-ahead log with `fs.fdatasync` on the log's descriptor
// (src/journals/sqlite/wal-flush.ts): a test that watches or fails those flushes spies on it here.
import fs from 'node:fs';
import { promisify } from 'node:util';
import { vi } from 'vitest';

/**
 * Runs `flush` in place of each `fs.fdatasync`, given the descriptor and the real flush of it;
 * what it throws is the flush's error. Undone by `vi.restoreAllMocks()` or the spy's `mockRestore`.
 */
export function spyOnLogFlushes(flush: (fd: number, real: () => Promise<void>) => Promise<void>) {
  const real = promisify(fs.fdatasync);
  return vi
    .spyOn(fs, 'fdatasync')
    .mockImplementation((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      flush(fd, () => real(fd)).then(
        () => done(null),
        (error: unknown) => done(error as NodeJS.ErrnoException),
      );
    });
}
