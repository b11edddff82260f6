import { printableEverywhere } from './printable-everywhere.js';

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
  return nameWith(filename, randomId(ID_BYTES));
}

/** Bytes of a resume upload's id drawn at random: the other 4 tie the name to its resume key. */
const KEYED_RANDOM_BYTES = 6;

/**
 * A new upload's name: with a resume `key`, one whose id ends with a tag of that key (see
 * {@link madeForKey}), else {@link uploadName}. Both ids are 20 hex digits.
 */
export async function newUploadName(filename: string, key: string | undefined): Promise<string> {
  if (key === undefined) return uploadName(filename);
  const random = randomId(KEYED_RANDOM_BYTES);
  return nameWith(filename, random + (await keyTag(key, random)));
}

/**
 * Whether a resume record's upload name was made for `key` (by {@link newUploadName}). A record
 * copied from another key's (a store answering the wrong record, a copy by hand or by a sync tool)
 * names another upload: adopted, this upload's chunks went under that name, and that upload,
 * resumed, took them for its own ("chunk already exists"), a file of another source's bytes. The
 * tag is a hash, not a secret: it catches copies, not a forger who computes it (`checkDigest`
 * does). A record written before names carried it is not adopted either (the upload starts afresh).
 */
export async function madeForKey(name: string, filename: string, key: string): Promise<boolean> {
  const { stem, extension } = partsOf(filename);
  const prefix = `${stem}.`;
  if (!name.startsWith(prefix) || !name.endsWith(extension)) return false;
  const id = name.slice(prefix.length, name.length - extension.length);
  if (!/^[0-9a-f]{20}$/.test(id)) return false;
  const random = id.slice(0, 2 * KEYED_RANDOM_BYTES);
  return id.slice(random.length) === (await keyTag(key, random));
}

/** 4 bytes (hex) of the SHA-256 of the key and the id's random part. */
async function keyTag(key: string, random: string): Promise<string> {
  const text = new TextEncoder().encode(`seatpay upload name\0${key}\0${random}`);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', text);
  return hex(new Uint8Array(digest, 0, ID_BYTES - KEYED_RANDOM_BYTES));
}

function nameWith(filename: string, id: string): string {
  const { stem, extension } = partsOf(filename);
  return `${stem}.${id}${extension}`;
}

/**
 * What the deployed server's multipart parser (Django's `sanitize_file_name`) would rewrite in a
 * part's file name, where it files the chunk: `/` and `\` (it keeps what follows the last), `&`
 * (an HTML entity, unescaped), `"` (sent as `%22`, kept so), and whatever its Python may call
 * non-printable (controls, format characters such as U+200D, every space but ' ', a lone
 * surrogate, and a character its Unicode version may not have: see {@link printableEverywhere}).
 * Each becomes `_`: the name sent is the name the chunk is filed and found under.
 */
function kept(text: string): string {
  let name = '';
  for (const char of text) {
    const rewritten = '/\\"&'.includes(char) || !printableEverywhere(char.codePointAt(0)!);
    name += rewritten ? '_' : char;
  }
  return name;
}

/** The file name's stem (bounded) and extension, as names carry them. */
function partsOf(filename: string): { stem: string; extension: string } {
  const dot = filename.lastIndexOf('.');
  const hasExtension = dot > 0 && filename.length - dot <= MAX_EXTENSION;
  const stem = hasExtension ? filename.slice(0, dot) : filename;
  return {
    stem: kept(stem.slice(0, MAX_STEM)),
    extension: hasExtension ? kept(filename.slice(dot)) : '',
  };
}

/** Hex of `bytes` random bytes; `crypto.getRandomValues` exists in Node >= 19 and every browser. */
function randomId(bytes: number): string {
  return hex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
