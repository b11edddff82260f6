import type { ByteRangeReader } from '../../platform/platform.js';

/**
 * The port through which an upload source offers a faster reader of its own bytes: a Blob (or
 * File) with a `readRange(start, end, options)` method. `fromPath` (seatpay/node) returns one that
 * reads the file with fs, and the platform's chunk sender streams each chunk from it. Everything
 * else sees a plain Blob, which still works wherever a Blob does.
 */
export interface RangeReadable {
  readRange: ByteRangeReader;
}

/** The range reader `data` offers, if any (a stream's chunk being read is bytes with one). */
export function rangeReaderOf(data: unknown): ByteRangeReader | undefined {
  if (!(data instanceof Blob) && !(data instanceof Uint8Array)) return undefined;
  const { readRange } = data as Partial<RangeReadable>;
  return typeof readRange === 'function' ? readRange.bind(data) : undefined;
}
