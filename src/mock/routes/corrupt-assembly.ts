import type { FaultSpec } from '../core/faults.js';
import type { SimulatorState } from '../state/state.js';

/**
 * The chunks of an upload as a `'corrupt-assembly'` fault assembles them (see FaultSpec): what a
 * service with a bug, a proxy rewriting bodies, or a store mixing uploads would hand back, to test
 * that a client checks the file it was answered with.
 */
export function corrupted(
  state: SimulatorState,
  parts: readonly Uint8Array[],
  own: ReadonlySet<string>,
  corruption: NonNullable<FaultSpec['corruption']>,
): Uint8Array[] {
  const out = [...parts];
  const first = parts[0] ?? new Uint8Array(0);
  if (corruption === 'misplaced-chunk') {
    if (out.length >= 2) [out[0], out[1]] = [out[1]!, out[0]!];
  } else if (corruption === 'truncated-chunk') {
    out[0] = first.subarray(0, Math.floor(first.length / 2));
  } else {
    out[0] = foreignChunk(state, own, first.length);
  }
  return out;
}

/** A chunk of another upload, as long as this upload's first (padded with zeros, or cut). */
function foreignChunk(state: SimulatorState, own: ReadonlySet<string>, length: number): Uint8Array {
  const other =
    [...state.chunks].find(([key]) => !own.has(key))?.[1].bytes ?? state.files.at(-1)?.bytes;
  const chunk = new Uint8Array(Math.max(length, 1));
  if (other) chunk.set(other.subarray(0, chunk.length));
  return chunk;
}
