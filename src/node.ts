/**
 * The `seatpay/node` entry: conveniences that need Node built-ins, kept out of the browser entry.
 *
 * @example
 * ```ts
 * import { fromPath } from 'seatpay/node';
 *
 * await client.media.upload(await fromPath('./talk.mp4', { type: 'video/mp4' }), {
 *   operation_type: 'media',
 * });
 * ```
 *
 * @module seatpay/node
 */
import { createReadStream, openAsBlob, type BigIntStats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { InvalidRequestError } from './core/errors/validation-errors.js';
import { checkPathArgument } from './node/path-argument.js';
import { SourceReadError } from './helpers/upload/source-read-error.js';
import type { RangeReadable } from './helpers/upload/byte-ranges.js';
import type { ByteRangeReader } from './platform/platform.js';
import { mimeOfPath } from './node/mime-types.js';

export { fileUploadStore } from './node/file-upload-store.js';

export { redactSecrets } from './node/redact-secrets.js';
export { redactSecretsAsync, type RedactSecretsAsyncOptions } from './node/redact-secrets-async.js';
// For the `seatpay` command only (it imports nothing but the entries): @internal, not documented.
export { hideCardShapes, hideCardShapesInSlices } from './node/card-shapes.js';
export { cardShapesIn } from './card-numbers/card-numbers.js';

export {
  fileJournal,
  type FileJournal,
  type FileJournalOptions,
} from './journals/sqlite/file-journal.js';

/**
 * The options of {@link fromPath}.
 *
 * @example
 * ```ts
 * const file = await fromPath('./scan.pdf', { type: 'application/pdf' });
 * ```
 * @category Node
 */
export interface FromPathOptions {
  /**
   * The MIME type of the file; `client.media.upload` sends it unless `mime` is given.
   * @defaultValue by the extension (`.mp4` → `video/mp4`), else none (`application/octet-stream`)
   */
  type?: string;
}

/** Bytes per disk read: fewer, larger reads cost less CPU than the default 64 KiB. */
const READ_SIZE = 1024 * 1024;

/**
 * Opens a file for `client.media.upload` without reading it: a `File` backed by the file on disk
 * (`fs.openAsBlob`), named after the path's base name, typed by its extension, and with the file's
 * modification time as `lastModified` (so a resumed upload knows a changed file). Each chunk is
 * read from disk only as it is sent, so memory does not grow with the file. If the file changes
 * during the upload, the chunk being read fails and nothing is finalized.
 *
 * @example
 * ```ts
 * import { fromPath } from 'seatpay/node';
 *
 * const file = await fromPath('./intro.mp4', { type: 'video/mp4' });
 * const record = await client.media.upload(file, { operation_type: 'media' });
 * ```
 * @category Node
 */
export async function fromPath(path: string, options: FromPathOptions = {}): Promise<File> {
  // A script's `fromPath(process.argv[2]!)` run without its argument: refused as any bad argument
  // is, not with node:path's TypeError.
  checkPathArgument(path, "fromPath needs a file's path", 'path');
  const type = options.type ?? mimeOfPath(path);
  // As bigints: a 64-bit file id (NTFS, a network file system) past 2^53 read as a Number rounds,
  // and a file renamed over this one could pass `unchanged` as the same.
  const opened = await stat(path, { bigint: true }).catch((error: unknown) => {
    throw unreadable(path, error);
  });
  // A pipe or a device stats as 0 bytes: uploaded, it made an empty file and resolved.
  if (!opened.isFile()) throw notAFile(path, opened);
  // A file this process may not read stats and opens as a blob all the same: it failed at its
  // first chunk, after the command had sent the files before it (review19c). Opened for reading
  // and closed, not `access`: Deno's `access` asks for the process's uid (`--allow-sys`).
  // A file that stats as 0 bytes and has some (/proc/self/status) uploaded as an empty file: one
  // byte is read to tell (redteam57); a real empty file still uploads as empty.
  const hidden = await open(path, 'r')
    .then((handle) => hidesItsSize(handle, opened).finally(() => handle.close()))
    .catch((error: unknown) => {
      throw unreadable(path, error);
    });
  if (hidden) throw sizeHidden(path);
  const blob = await openAsBlob(path, { type });
  return new PathFile(blob, basename(path), type, opened, fileReader(path, opened));
}

// A mistyped path: an InvalidRequestError as every refused argument, the fs error as its cause.
function unreadable(path: string, error: unknown): InvalidRequestError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);
  const refused = new InvalidRequestError(`${path} cannot be read (${code}): check the path`, {
    field: 'path',
  });
  return Object.assign(refused, { cause: error });
}

function notAFile(path: string, opened: BigIntStats): InvalidRequestError {
  const what = opened.isDirectory() ? 'a directory' : 'not a regular file (a pipe, a device)';
  return new InvalidRequestError(
    `${path} is ${what}: fromPath reads a file of a known size; upload a stream as { stream, size } with the size it will have`,
    { field: 'path' },
  );
}

/** Whether a file that stats as 0 bytes has bytes all the same (one the system makes as read). */
async function hidesItsSize(handle: FileHandle, opened: BigIntStats): Promise<boolean> {
  if (opened.size !== 0n) return false;
  const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, 0);
  return bytesRead > 0;
}

function sizeHidden(path: string): InvalidRequestError {
  return new InvalidRequestError(
    `${path} stats as 0 bytes but has bytes (a file the system makes as it is read, such as one under /proc or /sys, or one written to as fromPath opened it): fromPath reads a file of a known size, and it would upload as empty; copy it to a regular file first, or upload its bytes (or { stream, size } with the size it will have)`,
    { field: 'path' },
  );
}

/**
 * A File backed by a file on disk that also reads its bytes by ranges through fs
 * ({@link RangeReadable}): uploads read through fs, which costs less CPU than the file-backed
 * Blob's own stream, and the Node platform's chunk sender streams them over node:http.
 */
class PathFile extends File implements RangeReadable {
  constructor(
    blob: Blob,
    name: string,
    type: string,
    opened: BigIntStats,
    readonly readRange: ByteRangeReader,
  ) {
    // A File made of a Blob keeps the Blob's backing (no read): it only adds the name.
    super([blob], name, { type, lastModified: Number(opened.mtimeMs) });
  }
}

/**
 * Reads ranges of the file as `fromPath` found it: its size and modification time are checked
 * before each range is read and again once it was read, so bytes of a file truncated, grown or
 * rewritten meanwhile never count as the file's (the upload fails with `UploadSourceError`).
 */
function fileReader(path: string, opened: BigIntStats): ByteRangeReader {
  return async function* read(start, end, options) {
    await unchanged(path, opened);
    if (end <= start) return;
    if (options?.reuse) yield* reusingRead(path, start, end);
    else yield* createReadStream(path, { start, end: end - 1, highWaterMark: READ_SIZE });
    await unchanged(path, opened);
  };
}

/**
 * The same file, unchanged: its size and modification time, and its inode and change time too: a
 * file renamed over it (a sync tool's, `rsync -t`) or rewritten with its modification time put
 * back (`touch -r`) keeps the first two, and its bytes were sent as this file's.
 */
async function unchanged(path: string, opened: BigIntStats): Promise<void> {
  const now = await stat(path, { bigint: true });
  const same = (['size', 'mtimeNs', 'ino', 'dev', 'ctimeNs'] as const).every(
    (field) => now[field] === opened[field],
  );
  if (!same) {
    throw new SourceReadError(`${path} changed after fromPath opened it`);
  }
}

/**
 * Reads `[start, end)` into one buffer, again and again: each piece is valid until the next is
 * asked for. Fresh 1 MiB buffers per read cost most of an upload's CPU in garbage collection.
 */
async function* reusingRead(path: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  const handle = await open(path);
  const buffer = Buffer.allocUnsafeSlow(Math.min(READ_SIZE, end - start));
  try {
    for (let at = start; at < end;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.byteLength, end - at), at);
      if (bytesRead === 0) throw new SourceReadError(`${path} ended before byte ${end}`);
      at += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}
