// A scratch folder shared by a test file's tests: made before them and removed, with all it holds,
// after them. (useJournalFolder, file-journal-folder.ts, gives each test a folder of its own.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** `prefix` names the folder in the system's temp folder (`seatpay-outcomes-`...). */
export function useTempFolder(prefix: string): { readonly dir: string; in(name: string): string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const folder = {
    get dir() {
      if (dir === undefined) throw new Error('the scratch folder is read outside the tests');
      return dir;
    },
    in: (name: string) => join(folder.dir, name),
  };
  return folder;
}
