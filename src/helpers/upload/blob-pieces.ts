import { SourceReadError } from './source-read-error.js';
import { rangeReaderOf } from './byte-ranges.js';
import { freePiece, runtimeSlice, streamsOwnPieces } from './free-piece.js';

/** Bytes per read of a Blob that has no range reader of its own. */
const PIECE_BYTES = 1024 * 1024;

/**
 * A Blob's bytes, piece by piece: through its range reader where it has one (`fromPath`: from
 * disk into one reused buffer, each piece valid until the next is asked for), else 1 MiB slice
 * after 1 MiB slice. A slice's own stream is the cheapest read Node has (a third of the CPU of
 * `arrayBuffer()`); `arrayBuffer()` where a stream cannot be iterated (older browsers).
 */
export function piecesOf(blob: Blob, owned = false): AsyncIterable<Uint8Array> {
  const readRange = rangeReaderOf(blob);
  if (readRange) return readRange(0, blob.size, { reuse: true });
  return (async function* () {
    for (let start = 0; start < blob.size; start += PIECE_BYTES) {
      const end = Math.min(blob.size, start + PIECE_BYTES);
      // Pieces to be freed come from the runtime's own slices (see streamsOwnPieces).
      const slice = owned ? runtimeSlice(blob, start, end) : blob.slice(start, end);
      if (iterableStreams()) yield* slice.stream() as unknown as AsyncIterable<Uint8Array>;
      else yield new Uint8Array(await slice.arrayBuffer());
    }
  })();
}

/**
 * Reads all of `blob` into `target`, which must be exactly its size; `between`, when given, is
 * awaited every {@link PIECE_BYTES} read (to let the event loop go: Node's reads of a Blob in
 * memory resolve without a turn of it).
 */
export async function readBlobInto(
  blob: Blob,
  target: Uint8Array,
  between?: () => Promise<void>,
): Promise<void> {
  let at = 0;
  let paused = 0;
  // A plain Blob's slices stream fresh copies: each is freed once copied (fromPath's are reused).
  const owned = !rangeReaderOf(blob) && streamsOwnPieces(blob);
  for await (const piece of piecesOf(blob, owned)) {
    if (at + piece.byteLength <= target.byteLength) target.set(piece, at);
    at += piece.byteLength;
    if (owned) freePiece(piece);
    if (between && at - paused >= PIECE_BYTES) await between().then(() => (paused = at));
  }
  if (at !== target.byteLength) {
    throw new SourceReadError(`it read ${at} bytes where ${target.byteLength} were expected`);
  }
}

function iterableStreams(): boolean {
  return (
    typeof ReadableStream === 'function' &&
    Symbol.asyncIterator in (ReadableStream.prototype as object)
  );
}
