/**
 * Frees a piece of memory the upload alone holds and is done with (a native Blob's stream copies
 * each piece out of the Blob): its buffer is detached, which gives the memory back at once. Left
 * to the garbage collector, such pieces pile up to tens of MiB (V8 collects them by the heap's
 * size, not by theirs) and bring a full collection every few (BENCHMARKS.md, issue 40, third
 * pass). Only a piece that is its whole buffer is freed, and only where buffers can be detached.
 */
export function freePiece(piece: Uint8Array): void {
  const buffer = piece.buffer as Transferable;
  if (!(buffer instanceof ArrayBuffer) || typeof buffer.transfer !== 'function') return;
  if (piece.byteOffset !== 0 || piece.byteLength !== buffer.byteLength) return;
  try {
    buffer.transfer(0);
  } catch {
    // Not detachable (a runtime keeps some buffers for itself): the collector frees it.
  }
}

/**
 * A plain Blob, whose `stream` is the runtime's own: its pieces are fresh copies nothing else
 * holds. A Blob of another class may hand out memory its owner keeps.
 */
export function streamsOwnPieces(blob: Blob): boolean {
  return Object.getPrototypeOf(blob) === Blob.prototype && !Object.hasOwn(blob, 'stream');
}

/** ES2024's `ArrayBuffer.prototype.transfer` (Node 21, current browsers), beyond the compiler's lib. */
type Transferable = ArrayBufferLike & { transfer?: (length?: number) => ArrayBuffer };
