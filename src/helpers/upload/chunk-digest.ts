import { letGo } from '../../large-text/let-go.js';
import { readBlobInto } from './blob-pieces.js';

/**
 * The SHA-256 of a chunk's bytes (hex), as a resume record keeps it: a resumed upload reads each
 * acknowledged chunk again and compares, so a source rewritten with the same name, size and
 * modification time is never assembled with chunks of its old bytes. `crypto.subtle` is in every
 * runtime the main entry supports (browsers only on secure origins: see {@link canDigest}).
 */
export async function chunkDigest(chunk: Blob | Uint8Array): Promise<string> {
  let bytes = chunk as Uint8Array;
  if (chunk instanceof Blob) {
    // Read 1 MiB at a time, the loop let go between: Node's `arrayBuffer()` of a 64 MiB Blob
    // held it 274-297 ms of CPU (its reads resolve without a turn of it, then one copy).
    bytes = new Uint8Array(chunk.size);
    await readBlobInto(chunk, bytes, letGo);
  }
  const hash = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource),
  );
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Whether chunks can be digested here: a page served over plain http has no `crypto.subtle`. */
export function canDigest(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}
