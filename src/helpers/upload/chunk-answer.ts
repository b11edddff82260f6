import { UploadError } from '../helper-errors.js';

/**
 * The index the service's answer says a chunk was stored under, when it is not the one sent. The
 * service echoes `chunk_index` (real-exchanges.json, the simulator): another index means the bytes
 * landed in another chunk's place (a proxy that rewrote the form, a server that misfiled it), and
 * the file it would assemble is not the source, with or without `checkDigest`. Under `validate:
 * 'warn'` or `'off'` the answer is any JSON: only an integer index is compared.
 */
export function storedUnder(answer: unknown, index: number): number | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const said = (answer as { chunk_index?: unknown }).chunk_index;
  return typeof said === 'number' && Number.isInteger(said) && said !== index ? said : undefined;
}

/**
 * Chunk `index` acknowledged as chunk `said`: never finalized, never retried, never resumed. With
 * `keptKey`, the resume record under that key could be neither deleted nor emptied: it must go
 * before the next run, which would resume it and count the misfiled chunk as held.
 */
export function misfiledChunk(index: number, said: number, keptKey?: string): UploadError {
  const record =
    keptKey === undefined
      ? "the upload's resume record is deleted: upload it again to start afresh under a new name"
      : `its resume record (key "${keptKey}") could not be deleted: delete it before uploading again, or a resume takes the misfiled chunk for its own`;
  return new UploadError(
    `the service acknowledged chunk ${index} as chunk ${said}: it stored these bytes in another chunk's place, so the file it would assemble is not the source. Nothing was finalized and ${record}`,
    { failedChunks: [index] },
  );
}
