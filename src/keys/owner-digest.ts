import { JournalError } from '../journals/journal-errors.js';
import { HmacSha256 } from './hmac-sha256.js';
import type { OwnerDigest, OwnerKind, OwnerSecret } from './key-scope.js';

/** PBKDF2 rounds of the one slow derivation per token or identity (and of the old per-key digest). */
const ROUNDS = 100_000;
/** The owner format written now: an HMAC of the key under the derived secret. */
const FORMAT = 'hmac-sha256:v2:';
/** The format main wrote before (PBKDF2 per key): still read, never written. */
const LEGACY_FORMAT = `pbkdf2-sha256:${ROUNDS}:`;
/** The salt of the derivation: one per purpose, so the secret serves nothing but owners. */
const SALT = 'seatpay-key-owner-secret:v2';

const encoder = new TextEncoder();
const encode = (text: string) => encoder.encode(text);
/** Where a key's owner message is encoded, reused (no array per call: keycost16), zeroed once signed. */
const MESSAGE = new Uint8Array(256);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * Base64 without its padding, as `btoa` gives it, by a table: three bytes at a time, no binary
 * string nor regular expression per digest (btoa's way was a third of the owner's MAC: keycost16).
 */
function base64(bytes: ArrayBuffer | Uint8Array): string {
  const view = new Uint8Array(bytes);
  let text = '';
  let at = 0;
  for (; at + 2 < view.length; at += 3) {
    const word = (view[at]! << 16) | (view[at + 1]! << 8) | view[at + 2]!;
    text +=
      ALPHABET[word >>> 18]! +
      ALPHABET[(word >>> 12) & 63]! +
      ALPHABET[(word >>> 6) & 63]! +
      ALPHABET[word & 63]!;
  }
  if (at === view.length) return text;
  const word = (view[at]! << 16) | ((view[at + 1] ?? 0) << 8);
  text += ALPHABET[word >>> 18]! + ALPHABET[(word >>> 12) & 63]!;
  return at + 1 < view.length ? text + ALPHABET[(word >>> 6) & 63]! : text;
}

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  // A browser page that is not a secure context has no crypto.subtle.
  if (!subtle) throw new JournalError('A keyed call needs crypto.subtle (on a web page: https)');
  return subtle;
}

/**
 * The slow part, once per token or identity: PBKDF2 into the 32 bytes of an HMAC key (what
 * `deriveKey` to a 256-bit HMAC key made before), kept only as the MAC's two padded states.
 */
async function ownerSecret(kind: OwnerKind, value: string): Promise<OwnerSecret> {
  const subtle = subtleCrypto();
  const material = await subtle.importKey('raw', encode(`${kind}:${value}`), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt: encode(SALT), iterations: ROUNDS };
  const bytes = new Uint8Array(await subtle.deriveBits(params, material, 256));
  const secret = new HmacSha256(bytes);
  bytes.fill(0);
  return secret;
}

/** The owner of one key: a MAC of the key (microseconds, synchronous), never the secret nor the value. */
function ownerOf(secret: OwnerSecret, key: string): string {
  const message = `seatpay-key-owner:${key}`;
  const { read, written } = encoder.encodeInto(message, MESSAGE);
  if (read! < message.length) return FORMAT + base64(secret.sign(encode(message))); // a long key
  const owner = FORMAT + base64(secret.sign(MESSAGE.subarray(0, written)));
  MESSAGE.fill(0, 0, written);
  return owner;
}

/**
 * One field of a keyed call's parameters as a record keeps it beside its hidden copy: a MAC of the
 * key, the field's name and its canonical JSON under the token's secret, so that a record whose
 * field holds a marker tells which value it was without telling the secret the marker stands for.
 */
function fieldOf(secret: OwnerSecret, key: string, name: string, value: string): string {
  return base64(secret.sign(encode(`seatpay-key-field:${key}\n${name}\n${value}`)));
}

/** What main wrote before this format: PBKDF2 per key, salted with the key (slow, only to read). */
async function legacyOwnerOf(kind: OwnerKind, value: string, key: string): Promise<string> {
  const subtle = subtleCrypto();
  const material = await subtle.importKey('raw', encode(`${kind}:${value}`), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const salt = encode(`seatpay-key-owner:${key}`);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ROUNDS };
  return LEGACY_FORMAT + base64(await subtle.deriveBits(params, material, 256));
}

/**
 * Who made a keyed money call, as a journal records it: an HMAC-SHA-256 of the journal key under
 * a secret derived from the caller's identity (the explicit `identity`, else the token) by one
 * slow PBKDF2 per identity and process, never the identity itself. A key costs one MAC; guessing a
 * token from a journal costs a PBKDF2 per guess. Records whose owner is in the earlier per-key
 * PBKDF2 format are checked in that format. Web Crypto for the derivations (every runtime the main
 * entry runs in has it; in a browser, a secure context), the MAC in plain JavaScript
 * (hmac-sha256.ts): Web Crypto's asynchronous `sign` was about a tenth of a keyed call's profile.
 */
export const keyOwnerDigest: OwnerDigest = {
  secret: ownerSecret,
  owner: ownerOf,
  field: fieldOf,
  legacy: legacyOwnerOf,
  isLegacy: (owner) => owner.startsWith('pbkdf2-sha256:'),
};

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../lazy-side.js';
