import { MaxChunksExceededError } from '../../core/errors/validation-errors.js';
import type { OperationType } from '../../schemas/media.js';

/** How a file of `totalBytes` is cut into chunks for one operation type. */
export interface ChunkPlan {
  totalBytes: number;
  chunkSize: number;
  /** Never 0: an empty file is sent as one empty chunk (see {@link planChunks}). */
  totalChunks: number;
}

/** Bytes `[start, end)` of the file that chunk `index` carries. */
export interface ChunkRange {
  index: number;
  start: number;
  end: number;
}

/**
 * Cuts `totalBytes` into `ceil(totalBytes / chunk_size)` chunks of at most `chunk_size` bytes
 * (only the last may be shorter), and checks SERVICE.md's bound: when `max_chunks` is not null,
 * the number of chunks must be less than it.
 *
 * An empty file becomes one empty chunk: the service needs `total_chunks >= 1` to finalize, and
 * this way an empty file uploads like any other instead of failing.
 *
 * @throws {MaxChunksExceededError} when the file needs `max_chunks` chunks or more.
 * @example planChunks(2_500, { chunk_size: 1_024, max_chunks: 8 }); // { totalChunks: 3, ... }
 */
export function planChunks(totalBytes: number, settings: OperationType): ChunkPlan {
  const chunkSize = settings.chunk_size;
  const totalChunks = Math.max(1, Math.ceil(totalBytes / chunkSize));
  if (settings.max_chunks !== null && totalChunks >= settings.max_chunks) {
    throw new MaxChunksExceededError(totalChunks, settings.max_chunks);
  }
  return { totalBytes, chunkSize, totalChunks };
}

/** The byte range of chunk `index` in `plan`. */
export function chunkRange(plan: ChunkPlan, index: number): ChunkRange {
  const start = index * plan.chunkSize;
  return { index, start, end: Math.min(start + plan.chunkSize, plan.totalBytes) };
}

/** The bytes chunks `indexes` of `plan` carry (a resumed upload's done, a listed record's). */
export function chunksBytes(plan: Omit<ChunkPlan, 'totalChunks'>, indexes: Iterable<number>) {
  let bytes = 0;
  for (const index of indexes)
    bytes += Math.min(plan.chunkSize, plan.totalBytes - index * plan.chunkSize);
  return bytes;
}
