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
