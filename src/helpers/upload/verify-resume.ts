import { AbortError } from '../../core/errors/abort-error.js';
import { untilAborted } from '../../core/retry/until-aborted.js';
import { UploadError } from '../helper-errors.js';
import { chunkDigest } from './chunk-digest.js';
import { chunkRange, type ChunkPlan } from './chunk-plan.js';
import type { ChunkReader } from './chunk-reader.js';

/** What reading the source again says of a resume record's chunks. */
export type Verdict =
  /** Every chunk checked holds the bytes it was sent with; `unchecked` are read again in their turn. */
  | { kind: 'same'; unchecked: number[] }
  /** A chunk's bytes differ: the source changed since, so nothing of the record is reusable. */
  | { kind: 'changed'; index: number };

/**
 * Reads the acknowledged chunks of a resume record from the source, in index order, and compares
 * each with the digest recorded when it was sent. Name, size and modification time say nothing
 * of the bytes (a file rewritten with its mtime restored, a `File` with a fixed `lastModified`):
 * the bytes are the only proof that the service's chunks are this source's.
 *
 * A stream is read once, in order: only the acknowledged chunks before the first gap can be read
 * before the chunks to send; the others are `unchecked`, read again when their turn comes. Their
 * digests stay known, so the same bytes are not sent again and changed ones are caught before
 * anything goes (see `UploadSession.check`).
 */
export async function verifyChunks(
  reader: ChunkReader,
  plan: ChunkPlan,
  digests: ReadonlyMap<number, string>,
  { concurrency, signal, readMs }: CheckPace,
): Promise<Verdict> {
  const indexes = [...digests.keys()].sort((a, b) => a - b);
  const checked = reader.sequential ? indexes.filter((index, at) => index === at) : indexes;
  // A file's chunks are read and hashed a few at a time (crypto.subtle hashes off the main
  // thread); a stream's one after the other.
  const width = reader.sequential ? 1 : Math.min(PARALLEL, concurrency);
  // A read that never settles (a drive gone away) ends with the signal all the same.
  const checking = firstChanged(checked, width, async (index) => {
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    const chunk = await reader.read(chunkRange(plan, index));
    try {
      return (await chunkDigest(chunk, readMs)) !== digests.get(index);
    } finally {
      reader.release?.(chunk); // a stream's buffer is filled again for the chunks to send
    }
  });
  const changed = await untilAborted(checking, signal);
  if (changed !== undefined) return { kind: 'changed', index: changed };
  return { kind: 'same', unchecked: indexes.slice(checked.length) };
}

/** How a resume's chunks are checked: the upload's concurrency and its signal. */
export interface CheckPace {
  /** No more chunks are held at once than the upload's sending holds. */
  concurrency: number;
  /** The upload's: once it fired, the check ends and no further chunk is read. */
  signal?: AbortSignal | undefined;
  /** The upload's `chunkTimeout`: the most a chunk's read may take (a Blob's that never settles). */
  readMs?: number | undefined;
}

/**
 * Chunks checked at once, at most: memory stays at a few chunks (never more than the upload's
 * concurrency, which bounds its memory), and both cores of a small machine work.
 */
const PARALLEL = 4;

/**
 * The lowest index whose check says changed (checks stop starting once one does, or once one
 * threw), if any.
 */
async function firstChanged(
  indexes: readonly number[],
  width: number,
  differs: (index: number) => Promise<boolean>,
): Promise<number | undefined> {
  const found: number[] = [];
  let next = 0;
  let failed = false; // a check that threw (a read failed, the signal fired): none starts after it
  const worker = async () => {
    while (next < indexes.length && found.length === 0 && !failed) {
      const index = indexes[next++]!;
      const differ = await differs(index).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      if (differ) found.push(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, indexes.length) }, worker));
  return found.length ? Math.min(...found) : undefined;
}

/**
 * A stream whose bytes differ from the chunks sent before: it cannot be read again from 0. Its
 * record `forgotten` (forgetRecord), or not: the store refused, or gave no answer within the
 * chunk timeout or before the signal, and the record may remain to refuse the next run the same.
 */
export function streamChanged(index: number, key: string, forgotten: boolean): UploadError {
  const next = forgotten
    ? 'Its resume record is deleted: upload it again to start afresh'
    : `Its resume record "${key}" could not be deleted (the store refused it or gave no answer), so it may remain and refuse the next run the same way: delete it from your store, or upload again under another resume key`;
  return new UploadError(
    `Chunk ${index} of the stream differs from the chunk sent under this resume key before: the source changed, so nothing was finalized. ${next}`,
    { failedChunks: [index] },
  );
}
