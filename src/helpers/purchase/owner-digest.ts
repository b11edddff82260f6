import { JournalError } from '../../core/errors/journal-errors.js';
import type { OwnerKind } from '../../core/secrets/key-owner.js';

/** PBKDF2 rounds: a guess at a weak token costs this many SHA-256 rounds per journal key. */
const ROUNDS = 100_000;
const FORMAT = `pbkdf2-sha256:${ROUNDS}:`;

/**
 * Who made a keyed money call, as a journal records it: a slow, salted digest of the caller's
 * identity (the explicit `identity`, else the token), never the identity itself. The salt is the
 * journal key, so one digest serves every record of a key and no table serves two keys; the
 * rounds make guessing a weak token from a journal file slow. Web Crypto only: it runs in every
 * runtime the main entry does (in a browser, a secure context).
 */
export async function keyOwnerDigest(kind: OwnerKind, value: string, key: string) {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    // A browser page that is not a secure context has no crypto.subtle.
    throw new JournalError('A keyed call needs crypto.subtle (on a web page: https)');
  }
  const encode = (text: string) => new TextEncoder().encode(text);
  const material = await subtle.importKey('raw', encode(`${kind}:${value}`), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const salt = encode(`seatpay-key-owner:${key}`);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ROUNDS };
  const bits = new Uint8Array(await subtle.deriveBits(params, material, 256));
  return FORMAT + btoa(String.fromCharCode(...bits)).replace(/=+$/, '');
}
