import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FORGET_AFTER_MS, type UploadStore } from '../helpers/upload/resume-store.js';
import { checkPathArgument } from './path-argument.js';
import { abandoned, isOwnLock, LOCK_BEAT_MS, ownerText, touchLock } from './lock-owner.js';

/** A temporary file this old is what a crash between write and rename left. */
const STALE_TEMPORARY_MS = 3_600_000;

/**
 * An `UploadStore` in a directory: one JSON file per upload (named by a hash of its key), so an
 * upload survives a crashed or killed process. Each write goes to a temporary file that is then
 * renamed over the record, so a crash mid-write leaves the previous record whole, never half a
 * file. The directory is created on the first write, which also removes records not written for
 * 7 days and temporary files a crash left, so abandoned uploads do not pile up. One store's
 * operations run in the order they were asked: two acknowledgements written at once cannot land
 * older over newer, and a `list` or `delete` after an aborted upload sees (or removes) the record
 * its last acknowledgement wrote, even when the upload stopped waiting for that write.
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
  // `fileUploadStore(process.env.UPLOADS!)` unset made a store that failed at the upload's first
  // use, with node:path's TypeError: refused here, before any upload.
  checkPathArgument(dir, "fileUploadStore needs a directory's path", 'dir');
  const fileOf = (key: string) =>
    join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`);
  let pruned = false;
  /** Whether each lock this store holds is still its own (see {@link lockRecord}), by key. */
  const holding = new Map<string, () => Promise<boolean>>();
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    get: (key) => inTurn(() => readRecord(fileOf(key))),
    set: (key, record) =>
      inTurn(async () => {
        const file = fileOf(key);
        const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
        await mkdir(dir, { recursive: true });
        if (!pruned) await forgetOldFiles(dir, record.updatedAt);
        pruned = true;
        try {
          // The key goes with the record (the file is named by its hash): `list` gives it back.
          await writeFile(temporary, JSON.stringify({ ...record, [KEY_FIELD]: key }));
          // Locked here and taken over since (this process paused past ten minutes): the record
          // is the new holder's now, never written over.
          const held = holding.get(key);
          if (held && !(await held())) throw new Error(TAKEN_OVER);
          await rename(temporary, file);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
      }),
    delete: (key) =>
      inTurn(async () => {
        // Fenced as a write: a delete asked while held, the lock taken over since, is refused.
        const held = holding.get(key);
        if (held && !(await held())) throw new Error(TAKEN_OVER);
        await rm(fileOf(key), { force: true });
      }),
    list: () => inTurn(() => listRecords(dir)),
    lock: async (key) => {
      const release = await lockRecord(dir, fileOf(key).replace(/\.json$/, '.lock'));
      if (!release) return undefined;
      holding.set(key, release.held);
      // Let go in turn: a write asked before lands while still fenced by this lock, never after.
      const letGo = () =>
        inTurn(async () => {
          if (holding.get(key) === release.held) holding.delete(key);
          await release();
        });
      return Object.assign(letGo, { held: release.held });
    },
  };
}

const TAKEN_OVER =
  "this upload's lock on the record was taken over by another upload (this process was paused or asleep past ten minutes); the record is that upload's now";

/**
 * Holds `path` for this process: created exclusively, so of two processes one gets it. A lock
 * whose process is gone (killed, crashed: same machine, no such pid) is taken over; one of another
 * machine sharing the folder only once older than the records' lifetime. The takeover is atomic:
 * see {@link removeAbandoned}.
 */
async function lockRecord(
  dir: string,
  path: string,
): Promise<((() => Promise<void>) & { held(): Promise<boolean> }) | undefined> {
  await mkdir(dir, { recursive: true });
  const text = await ownerText();
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createWhole(path, text)) {
      // Touched while held: another machine under this host name tells it from an earlier boot's.
      // A touch that finds it another's (taken over while this process was paused) tells `held`.
      let lost = false;
      const touch = async () => void ((await touchLock(path, text)) || (lost = true));
      const beat = setInterval(() => void touch(), LOCK_BEAT_MS);
      beat.unref();
      const held = async () => !lost && (lost = !(await isOwnLock(path, text))) === false;
      const release = async () => {
        clearInterval(beat);
        // Only our own lock goes: a lock taken over meanwhile is another upload's.
        const now = await readFile(path, 'utf8').catch(() => '');
        if (now === text) await rm(path, { force: true });
      };
      return Object.assign(release, { held });
    }
    const held = await readFile(path, 'utf8').catch(() => undefined);
    // Gone meanwhile: tried once more.
    if (held === undefined) continue;
    if (!(await abandoned(path, held)) || !(await removeAbandoned(path, held))) return undefined;
  }
  return undefined;
}

/**
 * Removes `path` if it still holds `held` (an abandoned lock's text), or tells it could not. Reading
 * it then removing it is no atomic step: two processes that both read the same abandoned lock
 * could each remove it, the later one removing the lock the earlier one had just made. So the
 * removal is claimed first, by creating a file named after `held` exclusively: of all the
 * processes that read that lock, one claims its removal, and it reads `path` again under the claim.
 * A lock's text is never written twice (its nonce), so once it is gone, a later claim of it finds
 * another lock there and leaves it. A claim whose process died is itself abandoned, and removed the
 * same way.
 */
async function removeAbandoned(path: string, held: string): Promise<boolean> {
  const claim = join(
    dirname(path),
    `${createHash('sha256').update(held).digest('hex').slice(0, 40)}.takeover`,
  );
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createWhole(claim, await ownerText())) {
      try {
        if ((await readFile(path, 'utf8').catch(() => undefined)) === held) {
          await rm(path, { force: true });
        }
        return true;
      } finally {
        await rm(claim, { force: true });
      }
    }
    const claimed = await readFile(claim, 'utf8').catch(() => undefined);
    if (claimed === undefined) continue;
    if (!(await abandoned(claim, claimed)) || !(await removeAbandoned(claim, claimed))) {
      return false;
    }
  }
  return false;
}

/** What `link` fails with on a file system without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Creates `path` with `text` unless it exists: written to a temporary file first, then linked in
 * place, so no process ever reads a lock half-written (an empty lock would look abandoned). Where
 * the file system has no hard links, created exclusively (`wx`) and written as before.
 */
async function createWhole(path: string, text: string): Promise<boolean> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, text, { flag: 'wx' });
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    const { code = '' } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  try {
    await writeFile(path, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  // Created empty, then written: a taker that judged it abandoned meanwhile (a writer stopped
  // past a minute: see `abandoned`) removed it, and this text went to a file no longer at `path`.
  return (await readFile(path, 'utf8').catch(() => undefined)) === text;
}

async function readRecord(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

/** Where a record file keeps its store key; the record's own fields are left as they are. */
const KEY_FIELD = 'storeKey';

/** Every record file with the key it was written under; one unreadable or keyless is left out. */
async function listRecords(dir: string): Promise<Array<readonly [string, unknown]>> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const listed: Array<readonly [string, unknown]> = [];
  for (const name of names.filter((name) => name.endsWith('.json'))) {
    // Another process may remove or replace it meanwhile: what cannot be read is not listed.
    const record = await readFile(join(dir, name), 'utf8').then(
      (text) => parsedOrNull(text),
      () => null,
    );
    const key = record?.[KEY_FIELD];
    if (typeof key === 'string') listed.push([key, record]);
  }
  return listed;
}

async function forgetOldFiles(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    // A takeover claim is left only by a process that died while it held it (a moment).
    const age =
      name.endsWith('.json') || name.endsWith('.takeover')
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

function parsedOrNull(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    return null;
  }
}
