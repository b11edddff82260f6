import { UploadError } from '../helper-errors.js';

/**
 * What the service's answer says a chunk was stored as, when it is not what was sent: the error
 * to reject with (given the key of a resume record that could not be removed), else undefined.
 *
 * The service echoes `chunk_index` (real-exchanges.json, the simulator): another index means the
 * bytes landed in another chunk's place (a proxy that rewrote the form, a server that misfiled
 * them), and the file it would assemble is not the source, with or without `checkDigest`. Under
 * `validate: 'warn'` or `'off'` the answer is any JSON: an index quoted as digits is the same
 * index, anything else said (another number, a negative, text) is not. An answer that names no
 * index says nothing.
 *
 * The deployed server also echoes the name the chunk was filed under (`name`: the form's
 * `filename`, live-api.md): with `name` given (that profile), another name means the chunk went to
 * another upload's file, where finalize never looks for it, or where it corrupts that file.
 */
export function misplaced(
  answer: unknown,
  index: number,
  name: string | undefined,
): ((keptKey?: string) => UploadError) | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const said = answer as { chunk_index?: unknown; name?: unknown };
  const { chunk_index } = said;
  const sameIndex =
    chunk_index === undefined ||
    chunk_index === index ||
    (typeof chunk_index === 'string' && /^\d+$/.test(chunk_index) && Number(chunk_index) === index);
  if (!sameIndex) {
    return (keptKey) =>
      misfiled(index, `as chunk ${shown(chunk_index)}`, "in another chunk's place", keptKey);
  }
  if (name === undefined || said.name === undefined || said.name === name) return undefined;
  return (keptKey) =>
    misfiled(
      index,
      `under the name ${shown(said.name)}, not this upload's "${name}"`,
      "in another upload's file",
      keptKey,
    );
}

/** A value of the answer in the message: JSON, bounded (a lying answer may be megabytes). */
function shown(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : String(JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Chunk `index` acknowledged as something else: never finalized, never retried, never resumed.
 * With `keptKey`, the resume record under that key could be neither deleted nor emptied: it must
 * go before the next run, which would resume it and count the misplaced chunk as held.
 */
function misfiled(index: number, as: string, where: string, keptKey?: string): UploadError {
  const record =
    keptKey === undefined
      ? "the upload's resume record is deleted: upload it again to start afresh under a new name"
      : `its resume record (key "${keptKey}") could not be deleted: delete it before uploading again, or a resume takes the misfiled chunk for its own`;
  return new UploadError(
    `the service acknowledged chunk ${index} ${as}: it stored these bytes ${where}, so the file it would assemble is not the source. Nothing was finalized and ${record}`,
    { failedChunks: [index] },
  );
}
