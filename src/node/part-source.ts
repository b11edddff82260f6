// The file part of a chunk as the Node sender reads it, whatever the upload's source: a byte range
// of a Blob or File, a Uint8Array (a stream's chunk is one, buffered by the upload), or a range of
// a file on disk (`fromPath`).
import { runtimeSlice, streamsOwnPieces } from '../helpers/upload/free-piece.js';
import type { ChunkPart } from '../platform/platform.js';
import type { FileSource } from './file-feed.js';

/** Bytes per piece handed to the socket: large enough that per-piece costs vanish. */
const PIECE_BYTES = 1024 * 1024;

/** `part` as a {@link FileSource}: read lazily, piece by piece, as the socket takes it. */
export function fileSourceOf(part: ChunkPart): FileSource {
  const { name, filename, type, data, read: readRange } = part;
  const length = data instanceof Blob ? data.size : data.byteLength;
  // The file feed asks for a piece only once the socket took the previous one: it may be reused.
  if (readRange)
    return { name, filename, type, length, read: () => readRange(0, length, { reuse: true }) };
  if (data instanceof Blob) {
    return { name, filename, type, length, read: () => blobPieces(data), ownsPieces: true };
  }
  return { name, filename, type, length, read: () => viewsOf(data) };
}

/** Views of `bytes`, no copy. */
function* viewsOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.byteLength; start += PIECE_BYTES) {
    yield bytes.subarray(start, start + PIECE_BYTES);
  }
}

/**
 * A Blob's bytes, streamed 1 MiB slice after 1 MiB slice. A slice's own stream is the cheapest
 * read Node has (a third of the CPU of `arrayBuffer()`): one piece for an in-memory Blob, 64 KiB
 * pieces for a file-backed one. Not the whole Blob's stream: an in-memory Blob's is one piece of
 * all of it. A native Blob's stream copies each piece out of the Blob into fresh memory that is
 * the upload's own (the feed frees it once sent); a Blob of another class (one that overrides
 * `stream`) may hand out memory its owner keeps, so its pieces are copied first.
 */
async function* blobPieces(blob: Blob): AsyncGenerator<Uint8Array> {
  // A plain Blob is cut by the runtime's own slice: a Proxy's `slice` could hand out kept memory.
  const plain = streamsOwnPieces(blob);
  for (let start = 0; start < blob.size; start += PIECE_BYTES) {
    const end = Math.min(blob.size, start + PIECE_BYTES);
    const slice = plain ? runtimeSlice(blob, start, end) : blob.slice(start, end);
    const pieces = slice.stream() as unknown as AsyncIterable<Uint8Array>;
    if (streamsOwnPieces(slice)) yield* pieces;
    else for await (const piece of pieces) yield piece.slice();
  }
}
