import { letGo } from '../../large-text/let-go.js';

/**
 * The SHA-256 of a chunk's bytes (hex), as a resume record keeps it: a resumed upload reads each
 * acknowledged chunk again and compares, so a source rewritten with the same name, size and
 * modification time is never assembled with chunks of its old bytes. `crypto.subtle` is in every
 * runtime the main entry supports (browsers only on secure origins: see {@link canDigest}).
 */
export async function chunkDigest(chunk: Blob | Uint8Array): Promise<string> {
  const bytes = chunk instanceof Blob ? await bytesOf(chunk) : chunk;
  const hash = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource),
  );
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** How much of a Blob is read before the event loop is let go. */
const PIECE = 1024 * 1024;

/**
 * A Blob's bytes, read a piece at a time, the event loop let go between pieces: Node's
 * `arrayBuffer()` of a 64 MiB Blob held the loop 274-297 ms of CPU in one go (its reads resolve
 * without a turn of the loop, then one copy of the whole).
 */
async function bytesOf(blob: Blob): Promise<Uint8Array> {
  const bytes = new Uint8Array(blob.size);
  for (let at = 0; at < blob.size; at += PIECE) {
    bytes.set(new Uint8Array(await blob.slice(at, at + PIECE).arrayBuffer()), at);
    await letGo();
  }
  return bytes;
}

/** Whether chunks can be digested here: a page served over plain http has no `crypto.subtle`. */
export function canDigest(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}
