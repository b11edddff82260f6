import { fullWidth, utf16leBytes } from './utf16-bytes.js';
import { hexOf } from './escaped-bytes.js';

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
  once.push(...base32CoresOf(secret, BASE32), ...base32CoresOf(secret, BASE32_HEX));
  const twice = coresOf(secret).flatMap((core) => coresOf(core));
  // Hex of its base64, base64 of its hex (a debug dump of an encoded header, a store's value):
  // each printed a token whole (redteam53). Either case of hex.
  const hex = hexOf(secret);
  twice.push(...coresOf(hex), ...coresOf(hex.toUpperCase()));
  for (const core of coresOf(secret)) twice.push(hexOf(core), hexOf(core).toUpperCase());
  const pieces = piecesOf(secret, pieceLength);
  // A token's piece goes with the rest of its word (a card's alone, as before).
  const tail = /^\d+$/.test(secret) ? '' : '[\\w+/-]*={0,2}';
  return [once, twice, pieces]
    .filter((cores) => cores.length > 0)
    .map((cores) => {
      const any = [...new Set(cores)].map((core) => core.replace(/[+/]/g, '\\$&')).join('|');
      return new RegExp(cores === pieces ? `(?:${any})${tail}` : any, 'g');
    });
}

/**
 * The cores of each run of `pieceLength` of the secret (as the text's pieces are found:
 * secret-scan.ts). A card split across two base64 words (`card=45391488` and `03436467;` encoded
 * apart), base64 with blanks inside its words or broken into lines of 12 (a card's half in each)
 * had no core of the whole card and was printed; so was each half of a token or password in a
 * body sent in chunks each encoded apart (a stream's frames, a queue's records: redteam44). A
 * shorter run is not a piece (another key's `sk_live_` is not this one's).
 */
function piecesOf(secret: string, pieceLength: number): string[] {
  const cores: string[] = [];
  for (let at = 0; pieceLength && at + pieceLength <= secret.length; at++)
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

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** RFC 4648's extended hex alphabet (`basenc --base32hex`, NSEC3): printed whole (review20c). */
const BASE32_HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';

/**
 * A text's base32 cores (RFC 4648: `base32`, `basenc --base32`, a TOTP secret's alphabet) at the
 * five alignments of its bytes inside longer base32, upper and lower case: a token, password or
 * card so was printed (redteam50). The characters that mix in neighbouring bytes stay.
 */
function base32CoresOf(text: string, alphabet: string): string[] {
  const bytes = new TextEncoder().encode(text);
  const cores: string[] = [];
  for (let offset = 0; offset < 5; offset++) {
    let [bits, value, encoded] = [0, 0, ''];
    for (const byte of [...new Uint8Array(offset), ...bytes]) {
      [value, bits] = [((value << 8) | byte) & 0xffff, bits + 8];
      for (; bits >= 5; bits -= 5) encoded += alphabet[(value >>> (bits - 5)) & 31];
    }
    const core = encoded.slice(Math.ceil((offset * 8) / 5));
    if (core.length >= 6) cores.push(core, core.toLowerCase());
  }
  return cores;
}
