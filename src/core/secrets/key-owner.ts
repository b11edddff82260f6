import { tokenFor } from '../prepare/token.js';
import type { TokenSource } from '../setup/options.js';
import type { Secrets } from './secrets.js';

/** Whose digest: an explicit identity's, or a token's. */
export type OwnerKind = 'identity' | 'token';

/**
 * How owners are computed (see `keyOwnerDigest`, loaded with the keyed calls): one slow derivation
 * of a secret per token or identity, a cheap MAC of each key under it, and the earlier per-key
 * digest for records written in its format.
 */
export interface OwnerDigest {
  secret(kind: OwnerKind, value: string): Promise<CryptoKey>;
  owner(secret: CryptoKey, key: string): Promise<string>;
  legacy(kind: OwnerKind, value: string, key: string): Promise<string>;
  isLegacy(owner: string): boolean;
}

/**
 * The owner secrets a client derived, by identity or token: the slow derivation runs once per
 * value and client (and the clients made from it), never per key. The secrets are non-extractable
 * CryptoKeys, kept in memory only, never written, never printed (private, `toJSON` empty).
 * Bounded: a token provider's rotating tokens do not pile up.
 * @internal
 */
export class KeyOwners {
  readonly #secrets = new Map<string, Promise<CryptoKey>>();

  secret(kind: OwnerKind, value: string, digest: OwnerDigest): Promise<CryptoKey> {
    const id = `${kind}:${value}`;
    let secret = this.#secrets.get(id);
    if (!secret) {
      secret = digest.secret(kind, value);
      secret.catch(() => this.#secrets.delete(id));
      this.#secrets.set(id, secret);
      if (this.#secrets.size > 16) this.#secrets.delete(this.#secrets.keys().next().value!);
    }
    return secret;
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
  /** The owner digest of who makes the call, as it is recorded now. */
  owner: (signal: AbortSignal | undefined) => Promise<string>;
  /** Whether a recorded owner (this format or the earlier per-key one) is who makes the call. */
  isOwner: (recorded: string, signal: AbortSignal | undefined) => Promise<boolean>;
  /** The longest one journal operation may take, in ms (the call's per-attempt `timeout`). */
  timeoutMs: number;
  /** The client's `totalTimeout`, for a call that gives none. */
  totalTimeout: number | undefined;
}

/** What {@link keyScopeOf} needs of a client. */
export interface KeyScopeClient {
  token: TokenSource;
  secrets: Secrets;
  owners: KeyOwners;
  /** The call's per-attempt timeout. */
  timeoutMs: number;
  totalTimeout: number | undefined;
}

/**
 * What a keyed money call's journal borrows of its client: its secrets to hide in records and in
 * what a journal throws, the call's timeouts, and who makes the call: an owner digest of
 * `identity`, else of the token (a provider's is asked for, raced with the signal and the timeout):
 * a MAC of the key under a secret derived once per identity (see {@link KeyOwners}).
 * @internal
 */
export function keyScopeOf(
  client: KeyScopeClient,
  key: string,
  identity: string | undefined,
  digest: OwnerDigest,
): KeyScope {
  const { token: source, secrets, owners, timeoutMs } = client;
  const who = async (signal: AbortSignal | undefined) => {
    if (identity !== undefined) return { kind: 'identity' as const, value: identity };
    const asked = { timeoutMs, method: 'keyed call', url: `key "${key}"` };
    const value =
      typeof source === 'string' ? source : await tokenFor(source, signal, secrets, asked);
    return { kind: 'token' as const, value };
  };
  const owner = async (signal: AbortSignal | undefined): Promise<string> => {
    const { kind, value } = await who(signal);
    return digest.owner(await owners.secret(kind, value, digest), key);
  };
  const isOwner = async (recorded: string, signal: AbortSignal | undefined) => {
    if (!digest.isLegacy(recorded)) return recorded === (await owner(signal));
    // Written by the earlier format: checked by its own slow digest, for such records only.
    const { kind, value } = await who(signal);
    return recorded === (await digest.legacy(kind, value, key));
  };
  return {
    redact: (value) => secrets.redact(value),
    cause: (thrown) => secrets.cause(thrown),
    error: (error) => secrets.error(error),
    owner,
    isOwner,
    timeoutMs,
    totalTimeout: client.totalTimeout,
  };
}
