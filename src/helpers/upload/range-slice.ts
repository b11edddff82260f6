import type { ByteRangeReader } from '../../platform/platform.js';
import { rangeReaderOf, type RangeReadable } from './byte-ranges.js';

// Apart from byte-ranges.ts, which the page loads (media.ts reads a chunk's reader): only an
// upload slices a source, so this comes with the upload's chunk, not before a page's first answer.

/** A slice of a range-readable Blob: a plain Blob slice that keeps the reader, offset. */
export class RangeSlice extends Blob implements RangeReadable {
  readonly readRange: ByteRangeReader;

  constructor(slice: Blob, start: number, read: ByteRangeReader) {
    // A Blob made of a Blob keeps its backing (no read): a file-backed slice stays on disk.
    super([slice], { type: slice.type });
    this.readRange = (from, to, options) => read(start + from, start + to, options);
  }
}

/** `blob.slice`, keeping the range reader a Blob may offer. */
export function sliceBlob(blob: Blob, start: number, end: number): Blob {
  const slice = blob.slice(start, end);
  const read = rangeReaderOf(blob);
  return read ? new RangeSlice(slice, start, read) : slice;
}
