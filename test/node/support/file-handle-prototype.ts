// Node does not export its FileHandle class: a test that spies on a handle's `datasync` (a
// fileJournal's flush) takes the prototype from a file it opens in its own folder.
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** FileHandle's prototype, from a file `probe` opened and closed in `dir`. */
export async function fileHandlePrototype(dir: string): Promise<FileHandle> {
  const probe = await open(join(dir, 'probe'), 'w');
  try {
    return Object.getPrototypeOf(probe) as FileHandle;
  } finally {
    await probe.close();
  }
}
