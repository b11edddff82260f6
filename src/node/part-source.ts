// The file part of a chunk as the Node sender reads it, whatever the upload's source: a byte range
// of a Blob or File, a Uint8Array (a stream's chunk is one, buffered by the upload), or a range of
// a file on disk (`fromPath`).
import { READ_BYTES, type ByteReader, type FilePart } from '../core/multipart.js';
import type { FileSource } from './file-feed.js';

/** Bytes per piece handed to the socket: large enough that per-piece costs vanish. */
const PIECE_BYTES = 1024 * 1024;

/** `part` as a {@link FileSource}: read lazily, piece by piece, as the socket takes it. */
export function fileSourceOf(part: FilePart): FileSource {
  const { name, filename, type, data } = part;
  if (!(data instanceof Blob)) {
    return { name, filename, type, length: data.byteLength, read: () => viewsOf(data) };
  }
  const readBytes = (data as Blob & { [READ_BYTES]?: ByteReader })[READ_BYTES];
  const read = readBytes ? () => readBytes(0, data.size, { reuse: true }) : () => blobPieces(data);
  return { name, filename, type, length: data.size, read };
}

/** Views of `bytes`, no copy. */
function* viewsOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let start = 0; start < bytes.byteLength; start += PIECE_BYTES) {
    yield bytes.subarray(start, start + PIECE_BYTES);
  }
}

/**
 * A Blob's bytes in 1 MiB pieces, the next read started while the current piece is written. Not
 * `blob.stream()`: in Node it hands out an in-memory Blob whole (a copy of all of it) and a
 * file-backed one in 64 KiB pieces at a high CPU cost per byte.
 */
async function* blobPieces(blob: Blob): AsyncGenerator<Uint8Array> {
  const readPiece = (start: number) =>
    blob.slice(start, Math.min(blob.size, start + PIECE_BYTES)).arrayBuffer();
  let next = blob.size > 0 ? readPiece(0) : undefined;
  for (let start = 0; next; start += PIECE_BYTES) {
    const current = next;
    // The read ahead may fail after the consumer stopped: that failure is nobody's to handle.
    next = start + PIECE_BYTES < blob.size ? readPiece(start + PIECE_BYTES) : undefined;
    next?.catch(() => undefined);
    yield new Uint8Array(await current);
  }
}
