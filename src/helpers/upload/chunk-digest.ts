import { readBlobInto } from './blob-pieces.js';
import { digestReadError } from './source-read-error.js';

/**
 * The SHA-256 of a chunk's bytes (hex), as a resume record keeps it: a resumed upload reads each
 * acknowledged chunk again and compares, so a source rewritten with the same name, size and
 * modification time is never assembled with chunks of its old bytes. `crypto.subtle` is in every
 * runtime the main entry supports (browsers only on secure origins: see {@link canDigest}).
 */
export async function chunkDigest(chunk: Blob | Uint8Array): Promise<string> {
  return (await digestedChunk(chunk)).digest;
}

/**
 * A chunk's SHA-256 and the bytes it was taken of: a Blob is read once, and those bytes are the
 * ones sent (a Blob read again may give others: one of the caller's making, a file rewritten with
 * its size and modification time kept), so a resume record vouches only for bytes the service got.
 */
export async function digestedChunk(
  chunk: Blob | Uint8Array,
): Promise<{ digest: string; bytes: Uint8Array }> {
  let bytes = chunk as Uint8Array;
  if (chunk instanceof Blob) {
    // Read 1 MiB at a time, the loop let go between: Node's `arrayBuffer()` of a 64 MiB Blob
    // held it 274-297 ms of CPU (its reads resolve without a turn of it, then one copy).
    bytes = new Uint8Array(chunk.size);
    await readBlobInto(chunk, bytes, turn).catch((error: unknown) => {
      throw digestReadError(error, 'its digest');
    });
  }
  const hash = new Uint8Array(
    await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource),
  );
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return { digest: hex, bytes };
}

type Schedule = (run: () => void) => unknown;
const { setImmediate } = globalThis as { setImmediate?: Schedule };

/**
 * A turn of the event loop (a macrotask). Its own, not large-text/let-go.ts's: a module shared by
 * the upload's chunk and the slices' would be split into one more file for a page to load.
 */
const turn = () => new Promise<void>((go) => (setImmediate ?? setTimeout)(go));

/** Whether chunks can be digested here: a page served over plain http has no `crypto.subtle`. */
export function canDigest(): boolean {
  return typeof globalThis.crypto?.subtle?.digest === 'function';
}
