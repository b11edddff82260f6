import { withinMs } from '../../core/retry/until-aborted.js';
import { readBlobInto } from './blob-pieces.js';
import { freePiece } from './free-piece.js';
import { digestReadError, SourceReadError } from './source-read-error.js';

/**
 * The SHA-256 of a chunk's bytes (hex), as a resume record keeps it: a resumed upload reads each
 * acknowledged chunk again and compares, so a source rewritten with the same name, size and
 * modification time is never assembled with chunks of its old bytes. `crypto.subtle` is in every
 * runtime the main entry supports (browsers only on secure origins: see {@link canDigest}).
 */
export async function chunkDigest(chunk: Blob | Uint8Array, readMs?: number): Promise<string> {
  const { digest, bytes } = await digestedChunk(chunk, readMs);
  if (bytes !== chunk) freePiece(bytes); // read for the digest alone: given back at once
  return digest;
}

/**
 * A chunk's SHA-256 and the bytes it was taken of: a Blob is read once, and those bytes are the
 * ones sent (a Blob read again may give others: one of the caller's making, a file rewritten with
 * its size and modification time kept), so a resume record vouches only for bytes the service got.
 */
export async function digestedChunk(
  chunk: Blob | Uint8Array,
  /** The upload's `chunkTimeout`: a Blob read that never settles fails, as a stalled stream does. */
  readMs?: number,
): Promise<{ digest: string; bytes: Uint8Array }> {
  let bytes = chunk as Uint8Array;
  if (chunk instanceof Blob) {
    // Read 1 MiB at a time, the loop let go between: Node's `arrayBuffer()` of a 64 MiB Blob
    // held it 274-297 ms of CPU (its reads resolve without a turn of it, then one copy).
    bytes = new Uint8Array(chunk.size);
    const reading = readBlobInto(chunk, bytes, turn);
    await withinMs(reading, readMs ?? 0, () => stalled(readMs)).catch((error: unknown) => {
      throw digestReadError(error, 'its digest');
    });
  }
  const hash = new Uint8Array(await sha256(bytes));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return { digest: hex, bytes };
}

function stalled(ms: number | undefined): SourceReadError {
  return new SourceReadError(
    `its read did not end within ${ms} ms (the upload's chunkTimeout): the source stalled`,
  );
}

/** The chunk hashed last (or now): chunks are hashed one after the other (see `sha256`). */
let hashing: Promise<unknown> = Promise.resolve();

/**
 * `crypto.subtle.digest` hashes a copy of its input (off the main thread): chunks hashed one at a
 * time keep one such copy, not one per chunk in flight, so that an upload with `resume` (each
 * chunk held from its digest to its last attempt) stays within chunk_size x (concurrency + 1).
 */
function sha256(bytes: Uint8Array): Promise<ArrayBuffer> {
  const hashed = hashing.then(() =>
    globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource),
  );
  hashing = hashed.catch(() => undefined);
  return hashed;
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
