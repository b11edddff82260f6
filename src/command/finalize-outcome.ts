import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { APIError, MediaFileSchema } from '../index.js';
import { printableField } from './printable.js';

/**
 * What the finalize's failure says of the file at `path`: a 5xx is an answer (not a lost one) that
 * does not say whether the service made the file (docs/uploads.md); a timeout or a cut connection
 * lost it. A 5xx whose body is a file record names this file only when it is named by this file's
 * md5 (as the service names what it assembled): a record of another file (a proxy's cached answer,
 * another upload's file) says nothing of this one.
 */
export async function finalizeOutcome(
  error: unknown,
  path: string,
  /** Ctrl-C: the re-read of a large file stops, and the record is said to be unchecked. */
  signal?: AbortSignal,
): Promise<string> {
  if (!(error instanceof APIError))
    return 'may have been finalized all the same (its answer was lost)';
  const record = MediaFileSchema.safeParse(error.body);
  const answered = `it answered ${error.status} at finalize`;
  if (!record.success)
    return `may or may not exist on the service (${answered}, which does not say whether the file was made)`;
  const { id, name } = record.data;
  const md5 = await md5Of(path, signal);
  if (typeof md5 === 'string' && name.toLowerCase() === md5)
    return `was probably made as media file ${id} (the service answered ${error.status} at finalize, with that file's record as its body)`;
  const named = `media file ${id} named ${printableField(name.slice(0, 80))}`;
  const which =
    md5 === STOPPED
      ? `with the record of ${named}, not checked against this file: its re-read was stopped by Ctrl-C`
      : md5 === undefined
        ? `with the record of ${named}, which cannot be told to be this file's (it could not be read again)`
        : `with the record of another file, ${named}, not this file's md5 ${md5}`;
  return `may or may not exist on the service (${answered} ${which})`;
}

const STOPPED = Symbol('stopped by Ctrl-C');

/**
 * The md5 (hex) of the file at `path` as it is now; undefined when it cannot be read, STOPPED when
 * `signal` fired first (a file of gigabytes takes a while: Ctrl-C stops it, not a third Ctrl-C's
 * exit 130, which said nothing of the file).
 */
async function md5Of(
  path: string,
  signal?: AbortSignal,
): Promise<string | undefined | typeof STOPPED> {
  try {
    const hash = createHash('md5');
    for await (const piece of createReadStream(path, signal ? { signal } : {})) {
      hash.update(piece as Buffer);
    }
    return hash.digest('hex');
  } catch {
    return signal?.aborted ? STOPPED : undefined;
  }
}
