import { vi } from 'vitest';

/** ES2024's ArrayBuffer methods (Node 21 and later), beyond the compiler's lib. */
export interface Es2024Buffer extends ArrayBuffer {
  transfer(length?: number): ArrayBuffer;
  readonly detached: boolean;
}

/**
 * Records the size of every buffer detached (`transfer(0)`, how an upload frees a piece), while
 * still detaching it. Restored by `vi.restoreAllMocks()`.
 */
export function watchFrees(): number[] {
  const frees: number[] = [];
  const prototype = ArrayBuffer.prototype as Es2024Buffer;
  const transfer = prototype.transfer;
  vi.spyOn(prototype, 'transfer').mockImplementation(function (this: Es2024Buffer, length) {
    if (length === 0) frees.push(this.byteLength);
    return transfer.call(this, length);
  });
  return frees;
}
