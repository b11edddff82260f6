import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FORGET_AFTER_MS, type UploadStore } from '../helpers/upload/resume-store.js';

/** A temporary file this old is what a crash between write and rename left. */
const STALE_TEMPORARY_MS = 3_600_000;

/**
 * An `UploadStore` in a directory: one JSON file per upload (named by a hash of its key), so an
 * upload survives a crashed or killed process. Each write goes to a temporary file that is then
 * renamed over the record, so a crash mid-write leaves the previous record whole, never half a
 * file. The directory is created on the first write, which also removes records not written for
 * 7 days and temporary files a crash left, so abandoned uploads do not pile up.
 *
 * @example
 * ```ts
 * import { fileUploadStore, fromPath } from 'seatpay/node';
 *
 * const store = fileUploadStore('.seatpay-uploads');
 * // Run it again after a crash: only the chunks not yet acknowledged are sent.
 * await client.media.upload(await fromPath('./talk.mp4'), { operation_type: 'media', resume: { store } });
 * ```
 * @category Node
 */
export function fileUploadStore(dir: string): UploadStore {
  const fileOf = (key: string) =>
    join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  let pruned = false;
  return {
    get: async (key) => {
      let text: string;
      try {
        text = await readFile(fileOf(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return JSON.parse(text) as unknown;
    },
    set: async (key, record) => {
      const file = fileOf(key);
      const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      await mkdir(dir, { recursive: true });
      if (!pruned) await forgetOldFiles(dir, record.updatedAt);
      pruned = true;
      try {
        await writeFile(temporary, JSON.stringify(record));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    delete: async (key) => rm(fileOf(key), { force: true }),
  };
}

async function forgetOldFiles(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    const age = name.endsWith('.json')
      ? FORGET_AFTER_MS
      : name.endsWith('.tmp')
        ? STALE_TEMPORARY_MS
        : 0;
    if (age === 0) continue;
    const path = join(dir, name);
    // Another process may remove it first: a file already gone is fine.
    const modified = await stat(path).then(
      (info) => info.mtimeMs,
      () => Infinity,
    );
    if (modified < now - age) await rm(path, { force: true });
  }
}
