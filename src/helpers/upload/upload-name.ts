/** Longest part of the user's file name kept before the unique id: a name stays a sane length. */
const MAX_STEM = 80;
/** An extension longer than this is no extension (`archive.2026-11-23T10:00`). */
const MAX_EXTENSION = 12;
/** 80 random bits: two uploads never draw the same id. */
const ID_BYTES = 10;

/**
 * The name one upload's chunks and finalize carry: the user's file name with a random id before
 * its extension (`intro.mp4` → `intro.3f9c…e1.mp4`). The service assembles the chunks whose name
 * equals finalize's `filename` (live-api.md, media), so chunks left by an earlier failed upload,
 * a concurrent one, or another file of the same name can never be taken for this upload's, and a
 * `chunk-already-exists` answer can only be about a chunk of this upload.
 *
 * @example uploadName('intro.mp4'); // 'intro.5d0e7b61c2a94f3e08d1.mp4'
 */
export function uploadName(filename: string): string {
  const dot = filename.lastIndexOf('.');
  const hasExtension = dot > 0 && filename.length - dot <= MAX_EXTENSION;
  const stem = hasExtension ? filename.slice(0, dot) : filename;
  const extension = hasExtension ? filename.slice(dot) : '';
  return `${stem.slice(0, MAX_STEM)}.${randomId()}${extension}`;
}

/** Hex of `ID_BYTES` random bytes; `crypto.getRandomValues` exists in Node >= 19 and every browser. */
function randomId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(ID_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
