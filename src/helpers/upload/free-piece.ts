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
 * holds. A Blob of another class may hand out memory its owner keeps; so may a Proxy of a plain
 * Blob (its prototype and own keys look plain), which is why such a Blob is read through
 * {@link runtimeSlice}, and one the runtime's `slice` refuses (a Proxy in a browser) is not plain.
 */
export function streamsOwnPieces(blob: Blob): boolean {
  if (Object.getPrototypeOf(blob) !== Blob.prototype || Object.hasOwn(blob, 'stream')) return false;
  try {
    runtimeSlice(blob, 0, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A slice of a Blob {@link streamsOwnPieces} accepted, cut by the runtime's own `slice` whatever
 * the object answers for `slice`: a Blob of the runtime's, whose stream's pieces may be freed.
 */
export function runtimeSlice(blob: Blob, start: number, end: number): Blob {
  return Blob.prototype.slice.call(blob, start, end);
}

/** ES2024's `ArrayBuffer.prototype.transfer` (Node 21, current browsers), beyond the compiler's lib. */
type Transferable = ArrayBufferLike & { transfer?: (length?: number) => ArrayBuffer };
