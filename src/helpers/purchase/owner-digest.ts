import { JournalError } from '../../core/errors/journal-errors.js';
import type { OwnerDigest, OwnerKind } from '../../core/secrets/key-owner.js';

/** PBKDF2 rounds of the one slow derivation per token or identity (and of the old per-key digest). */
const ROUNDS = 100_000;
/** The owner format written now: an HMAC of the key under the derived secret. */
const FORMAT = 'hmac-sha256:v2:';
/** The format main wrote before (PBKDF2 per key): still read, never written. */
const LEGACY_FORMAT = `pbkdf2-sha256:${ROUNDS}:`;
/** The salt of the derivation: one per purpose, so the secret serves nothing but owners. */
const SALT = 'seatpay-key-owner-secret:v2';

const encode = (text: string) => new TextEncoder().encode(text);
const base64 = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/=+$/, '');

function subtleCrypto(): SubtleCrypto {
  const subtle = globalThis.crypto?.subtle;
  // A browser page that is not a secure context has no crypto.subtle.
  if (!subtle) throw new JournalError('A keyed call needs crypto.subtle (on a web page: https)');
  return subtle;
}

/** The slow part, once per token or identity: PBKDF2 into a non-extractable HMAC key. */
async function ownerSecret(kind: OwnerKind, value: string): Promise<CryptoKey> {
  const subtle = subtleCrypto();
  const material = await subtle.importKey('raw', encode(`${kind}:${value}`), 'PBKDF2', false, [
    'deriveKey',
  ]);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt: encode(SALT), iterations: ROUNDS };
  const hmac = { name: 'HMAC', hash: 'SHA-256', length: 256 };
  return subtle.deriveKey(params, material, hmac, false, ['sign']);
}

/** The owner of one key: a MAC of the key (cheap), never the secret nor the value. */
async function ownerOf(secret: CryptoKey, key: string): Promise<string> {
  const mac = await subtleCrypto().sign('HMAC', secret, encode(`seatpay-key-owner:${key}`));
  return FORMAT + base64(mac);
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
 * PBKDF2 format are checked in that format. Web Crypto only: it runs in every runtime the main
 * entry does (in a browser, a secure context).
 */
export const keyOwnerDigest: OwnerDigest = {
  secret: ownerSecret,
  owner: ownerOf,
  legacy: legacyOwnerOf,
  isLegacy: (owner) => owner.startsWith('pbkdf2-sha256:'),
};

// For bundlers only: this part reaches every module it shares with the page (page-side.ts).
export * as pageSide from '../../page-side.js';
