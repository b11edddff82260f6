import { tokenFor } from '../prepare/token.js';
import type { TokenSource } from '../setup/options.js';
import type { Secrets } from './secrets.js';

/** Whose digest: an explicit identity's, or a token's. */
export type OwnerKind = 'identity' | 'token';

/** Computes an owner digest (see `keyOwnerDigest`, loaded with the keyed calls). */
export type OwnerDigest = (kind: OwnerKind, value: string, key: string) => Promise<string>;

/**
 * The digests a client computed lately, by identity and key: a re-run with the key (a replay, a
 * claim and its writes) costs no second round of PBKDF2. Bounded; private, never printed.
 * @internal
 */
export class KeyOwners {
  readonly #known = new Map<string, Promise<string>>();

  of(kind: OwnerKind, value: string, key: string, digestOf: OwnerDigest): Promise<string> {
    const id = JSON.stringify([kind, value, key]);
    let digest = this.#known.get(id);
    if (!digest) {
      digest = digestOf(kind, value, key);
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
 * what a journal throws, the call's timeouts, and who makes the call: a salted, slow digest of
 * `identity`, else of the token (a provider's is asked for, raced with the signal and the timeout).
 * @internal
 */
export function keyScopeOf(
  client: KeyScopeClient,
  key: string,
  identity: string | undefined,
  digest: OwnerDigest,
): KeyScope {
  const { token: source, secrets, owners, timeoutMs } = client;
  const owner = (signal: AbortSignal | undefined): Promise<string> => {
    if (identity !== undefined) return owners.of('identity', identity, key, digest);
    const asked = { timeoutMs, method: 'keyed call', url: `key "${key}"` };
    const token = typeof source === 'string' ? source : tokenFor(source, signal, secrets, asked);
    return Promise.resolve(token).then((value) => owners.of('token', value, key, digest));
  };
  return {
    redact: (value) => secrets.redact(value),
    cause: (thrown) => secrets.cause(thrown),
    error: (error) => secrets.error(error),
    owner,
    timeoutMs,
    totalTimeout: client.totalTimeout,
  };
}
