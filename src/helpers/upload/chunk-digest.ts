/**
 * The SHA-256 of a chunk's bytes (hex), as a resume record keeps it: a resumed upload reads each
 * acknowledged chunk again and compares, so a source rewritten with the same name, size and
 * modification time is never assembled with chunks of its old bytes. `crypto.subtle` is in every
 * runtime the main entry supports (browsers only on secure origins: see {@link canDigest}).
 */
export async function chunkDigest(chunk: Blob | Uint8Array): Promise<string> {
  const bytes = chunk instanceof Blob ? new Uint8Array(await chunk.arrayBuffer()) : chunk;
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
