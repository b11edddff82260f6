import { platform } from '#platform';
import { AbortError } from '../../core/errors/abort-error.js';
import type { IncrementalDigest } from '../../platform/platform.js';
import { rangeReaderOf } from './byte-ranges.js';
import { chunkRange, type ChunkPlan } from './chunk-plan.js';
import type { ChunkReader } from './chunk-reader.js';

/** Bytes per read of a Blob that has no range reader of its own. */
const PIECE_BYTES = 1024 * 1024;

/**
 * An MD5 of the whole source, the name the service gives the file it assembles: node:crypto's in
 * Node, else seatpay's own, loaded here, on the first upload that checks its digest.
 */
export async function openMd5(): Promise<IncrementalDigest> {
  if (platform.md5) return platform.md5();
  const { Md5 } = await import('./md5.js');
  return new Md5();
}

/**
 * Feeds `digest` every byte of a source that answers any range (a Blob, a file, bytes), chunk
 * after chunk, in order, while the chunks go out: a second read of a Blob or a file (from the
 * page cache, piece by piece in one reused buffer where the source has a range reader), none of
 * bytes in memory. Stops at the next piece once `signal` fires.
 */
export async function digestInOrder(
  reader: ChunkReader,
  plan: ChunkPlan,
  digest: IncrementalDigest,
  signal: AbortSignal,
): Promise<void> {
  for (let index = 0; index < plan.totalChunks; index++) {
    const chunk = await reader.read(chunkRange(plan, index));
    if (chunk instanceof Uint8Array) {
      await digest.update(chunk);
      continue;
    }
    for await (const piece of piecesOf(chunk)) {
      if (signal.aborted) throw new AbortError(undefined, { cause: signal.reason });
      await digest.update(piece);
    }
  }
}

function piecesOf(blob: Blob): AsyncIterable<Uint8Array> {
  const readRange = rangeReaderOf(blob);
  if (readRange) return readRange(0, blob.size, { reuse: true });
  return (async function* () {
    for (let start = 0; start < blob.size; start += PIECE_BYTES) {
      const slice = blob.slice(start, Math.min(blob.size, start + PIECE_BYTES));
      // A slice's own stream is the cheapest read Node has (a third of the CPU of arrayBuffer);
      // arrayBuffer where a stream cannot be iterated (older browsers).
      if (iterableStreams()) yield* slice.stream() as unknown as AsyncIterable<Uint8Array>;
      else yield new Uint8Array(await slice.arrayBuffer());
    }
  })();
}

function iterableStreams(): boolean {
  return (
    typeof ReadableStream === 'function' &&
    Symbol.asyncIterator in (ReadableStream.prototype as object)
  );
}
