import { JournalError } from '../errors/journal-errors.js';

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
export async function keyOwnerDigest(kind: 'identity' | 'token', value: string, key: string) {
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

/**
 * The digests a client computed lately, by identity and key: a re-run with the key (a replay, a
 * claim and its writes) costs no second round of PBKDF2. Bounded; private, never printed.
 * @internal
 */
export class KeyOwners {
  readonly #known = new Map<string, Promise<string>>();

  of(kind: 'identity' | 'token', value: string, key: string): Promise<string> {
    const id = JSON.stringify([kind, value, key]);
    let digest = this.#known.get(id);
    if (!digest) {
      digest = keyOwnerDigest(kind, value, key);
      digest.catch(() => this.#known.delete(id));
      this.#known.set(id, digest);
      if (this.#known.size > 64) this.#known.delete(this.#known.keys().next().value!);
    }
    return digest;
  }

  toJSON(): object {
    return {};
  }
}

/** What the client lends a keyed money call's journal (see `HttpCore.keyScope`). @internal */
export interface KeyScope {
  /** Hides the client's secrets (its token, the card) in what a journal records. */
  redact: <T>(value: T) => T;
  /** A safe copy of what a journal threw, the client's secrets hidden in it. */
  cause: (thrown: unknown) => unknown;
  /** The call's error with the client's secrets hidden in it (an abort reason may quote one). */
  error: <E>(error: E) => E;
  /** The digest of who makes the call, raced with `signal`. */
  owner: (signal: AbortSignal | undefined) => Promise<string>;
  /** The longest one journal operation may take, in ms (the call's per-attempt `timeout`). */
  timeoutMs: number;
  /** The client's `totalTimeout`, for a call that gives none. */
  totalTimeout: number | undefined;
}
