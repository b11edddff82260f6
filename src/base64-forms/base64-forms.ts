import { fullWidth, utf16leBytes } from './utf16-bytes.js';

/**
 * The base64 characters that depend on the secret alone, at each of the three byte alignments it
 * can have inside a longer base64 text, in both alphabets. The one or two characters at each end
 * that mix in neighbouring bytes stay: they say nothing about the secret. Each core of the secret
 * itself is also encoded once more (a config store's base64 of a Basic header, echoed): that core
 * is the inner text's whole, so its own cores are the outer text's at any of its alignments.
 * The secret's UTF-16 bytes too, encoded once (PowerShell's `-EncodedCommand`, Java's big-endian).
 * Two patterns, once and twice encoded: one of all the cores took four times as long to search
 * a text as the two (too many alternatives for the regular expression engine to skip ahead).
 */
export function base64Patterns(secret: string, pieceLength = 0): RegExp[] {
  const once = coresOf(secret);
  const wide = fullWidth(secret); // its digits as a CJK page writes them, ４２４２
  for (const core of coresOf(wide)) if (!once.includes(core)) once.push(core);
  // Without the last byte: its UTF-16BE too (Java's), the same bytes one later (`s\0k` in `\0s\0k`).
  once.push(...coresOf(secret, utf16leBytes(secret).subarray(0, -1)));
  if (wide !== secret) once.push(...coresOf(wide, utf16leBytes(wide).subarray(0, -1))); // ４２
  const twice = coresOf(secret).flatMap((core) => coresOf(core));
  const patterns = [once, twice, cardPieces(secret, pieceLength)]
    .filter((cores) => cores.length > 0)
    .map((cores) => new RegExp(alternatives(cores), 'g'));
  const windows = tokenWindows(secret, pieceLength);
  if (windows.length) patterns.push(new RegExp(`(?:${alternatives(windows)})[\\w+/-]*={0,2}`, 'g'));
  return patterns;
}

const alternatives = (cores: string[]) =>
  [...new Set(cores)].map((core) => core.replace(/[+/]/g, '\\$&')).join('|');

/**
 * A token's or password's pieces' cores (every run of `pieceLength` of it, as plain text's pieces
 * count: secret-scan.ts), each with the rest of its base64 word: a body sent in chunks each
 * encoded apart (a stream's frames, a queue's records) split the token across two base64 words,
 * and each half was printed whole (redteam44). A shorter run is not a piece (another key's
 * `sk_live_` is not this one's). The word's start before the piece stays.
 */
function tokenWindows(secret: string, pieceLength: number): string[] {
  if (!pieceLength || /^\d+$/.test(secret)) return [];
  const cores: string[] = [];
  for (let at = 0; at + pieceLength <= secret.length; at++)
    cores.push(...coresOf(secret.slice(at, at + pieceLength)));
  return cores;
}

/**
 * A card number's pieces' cores (each run of `pieceLength` digits, as the text's pieces are found:
 * secret-scan.ts): a card split across two base64 words (`card=45391488` and `03436467;` encoded
 * apart), base64 with blanks inside its words or broken into lines of 12 (a card's half in each)
 * had no core of the whole card and was printed. Digits only: a token has too many pieces.
 */
function cardPieces(secret: string, pieceLength: number): string[] {
  if (!pieceLength || !/^\d+$/.test(secret)) return [];
  const cores: string[] = [];
  for (let at = 0; at + pieceLength <= secret.length; at++)
    cores.push(...coresOf(secret.slice(at, at + pieceLength)));
  return cores;
}

/**
 * A text's cores of six characters or more, at the three alignments, in both alphabets: of its
 * UTF-8 bytes, or of `bytes` given (its UTF-16LE).
 */
function coresOf(text: string, bytes: Uint8Array = new TextEncoder().encode(text)): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = toBase64(padded);
    const core = encoded.slice(Math.ceil((offset * 8) / 6), ((offset + bytes.length) * 4) / 3);
    if (core.length >= 6) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** Base64 of bytes without Node's Buffer (the main entry runs in browsers). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
