import { tokenFor } from '../core/prepare/token.js';
import type { Secrets } from '../core/secrets/secrets.js';
import type { TokenSource } from '../core/setup/options.js';

/** Whose digest: an explicit identity's, or a token's. */
export type OwnerKind = 'identity' | 'token';

/** A MAC key that names owners (see owner-digest.ts): never printed, never written. */
export interface OwnerSecret {
  sign(message: Uint8Array): Uint8Array;
}

/**
 * How owners are computed (see `keyOwnerDigest`, loaded with the keyed calls): one slow derivation
 * of a secret per token or identity, a cheap MAC of each key under it (synchronous: one per keyed
 * call), and the earlier per-key digest for records written in its format.
 */
export interface OwnerDigest {
  secret(kind: OwnerKind, value: string): Promise<OwnerSecret>;
  owner(secret: OwnerSecret, key: string): string;
  field(secret: OwnerSecret, key: string, name: string, value: string): string;
  legacy(kind: OwnerKind, value: string, key: string): Promise<string>;
  isLegacy(owner: string): boolean;
}

/** What a keyed money call borrows of its client (`HttpCore.keyLoan`). */
export interface KeyLoan {
  token: TokenSource;
  secrets: Secrets;
  /** The call's per-attempt timeout. */
  timeoutMs: number;
}

/** What a keyed money call's journal borrows of its client (see {@link keyScopeOf}). @internal */
export interface KeyScope {
  /** Hides the client's secrets (its token, the card) in what a journal records of the input. */
  redact: <T>(value: T) => T;
  /** As `redact`, for the answers a journal records and replays (`Secrets.redactStored`). */
  redactStored: <T>(value: T) => T;
  /** Either, for a large value: the event loop let go every slice of work (src/large-text/). */
  redactLater: <T>(value: T, stored: boolean) => Promise<T>;
  /** The client's fixed token (none with a provider): the one secret a record's marker is put back to. */
  token: string | undefined;
  /** The secrets `redact` hides now: another list once the client learns one (a card sent). */
  known: () => readonly string[];
  /** A safe copy of what a journal threw, the client's secrets hidden in it. */
  cause: (thrown: unknown) => unknown;
  /** The call's error with the client's secrets hidden in it (an abort reason may quote one). */
  error: <E>(error: E) => E;
  /** The owner digest of who makes the call, as it is recorded now (computed once per call). */
  owner: (signal: AbortSignal | undefined) => Promise<string>;
  /**
   * The same owner at once when nothing has to be waited for (an identity's or a fixed token's
   * secret derived already, by an earlier call); else undefined: ask {@link owner}.
   */
  ownerNow: () => string | undefined;
  /** Whether a recorded owner (this format or the earlier per-key one) is who makes the call. */
  isOwner: (recorded: string, signal: AbortSignal | undefined) => Promise<boolean>;
  /**
   * The digest of one field of the call's parameters (`value`: its canonical JSON) under the
   * secret of the client's token (a provider's current one, see owner-digest.ts): what a record
   * whose field was hidden keeps to tell the very value from another hidden alike.
   */
  fieldDigest: (name: string, value: string) => Promise<string | undefined>;
  /** The longest one journal operation may take, in ms (the call's per-attempt `timeout`). */
  timeoutMs: number;
}

/**
 * The owner secrets each client derived, by identity or token (a client's `Secrets` is its own):
 * the slow derivation runs once per value and client, never per key. Kept in memory only, in this
 * module's private map, never written, never printed. Bounded: a token provider's rotating tokens
 * do not pile up.
 */
const derived = new WeakMap<Secrets, Map<string, Promise<OwnerSecret>>>();
const MAX_SECRETS = 16;
/** What each derivation gave, once it did: a later call's owner without a promise (keycost18). */
const settledSecrets = new WeakMap<Promise<OwnerSecret>, OwnerSecret>();

function ownerSecret(
  secrets: Secrets,
  kind: OwnerKind,
  value: string,
  digest: OwnerDigest,
): Promise<OwnerSecret> {
  let known = derived.get(secrets);
  if (!known) derived.set(secrets, (known = new Map()));
  const id = `${kind}:${value}`;
  let secret = known.get(id);
  if (!secret) {
    const deriving = (secret = digest.secret(kind, value));
    deriving.then(
      (found) => void settledSecrets.set(deriving, found),
      () => known.delete(id),
    );
    known.set(id, secret);
    if (known.size > MAX_SECRETS) known.delete(known.keys().next().value!);
  }
  return secret;
}

/**
 * What a keyed money call's journal borrows of its client: its secrets to hide in records and in
 * what a journal throws, the call's timeouts, and who makes the call: an owner digest of
 * `identity`, else of the token (a provider's is asked for, raced with the signal and the timeout):
 * a MAC of the key under a secret derived once per identity and client, computed once per call.
 * @internal
 */
export function keyScopeOf(
  loan: KeyLoan,
  key: string,
  identity: string | undefined,
  digest: OwnerDigest,
): KeyScope {
  return new CallKeyScope(loan, key, identity, digest);
}

/** One call's {@link KeyScope}: methods on a prototype, no dozen closures made per call (issue 37). */
class CallKeyScope implements KeyScope {
  readonly token: string | undefined;
  readonly timeoutMs: number;
  readonly #source: TokenSource;
  readonly #secrets: Secrets;
  readonly #key: string;
  readonly #identity: string | undefined;
  readonly #digest: OwnerDigest;
  /** A provider's token, asked once per call (a failed ask is not remembered: the next asks again). */
  #asked: Promise<string> | undefined;
  #mine: Promise<string> | undefined;
  /** The owner once computed at once ({@link ownerNow}): one MAC per call. */
  #mineNow: string | undefined;

  constructor(loan: KeyLoan, key: string, identity: string | undefined, digest: OwnerDigest) {
    this.#key = key;
    this.#identity = identity;
    this.#digest = digest;
    this.#source = loan.token;
    this.#secrets = loan.secrets;
    this.timeoutMs = loan.timeoutMs;
    this.token = typeof loan.token === 'string' ? loan.token : undefined;
  }

  redact<T>(value: T): T {
    return this.#secrets.redact(value);
  }

  redactStored<T>(value: T): T {
    return this.#secrets.redactStored(value);
  }

  redactLater<T>(value: T, stored: boolean): Promise<T> {
    return this.#secrets.redactLater(value, stored);
  }

  known(): readonly string[] {
    return this.#secrets.list;
  }

  cause(thrown: unknown): unknown {
    return this.#secrets.cause(thrown);
  }

  error<E>(error: E): E {
    return this.#secrets.error(error);
  }

  #tokenNow(signal: AbortSignal | undefined): Promise<string> {
    const source = this.#source;
    if (typeof source === 'string') return Promise.resolve(source);
    if (!this.#asked) {
      const call = { timeoutMs: this.timeoutMs, method: 'keyed call', url: `key "${this.#key}"` };
      const asked = tokenFor(source, signal, this.#secrets, call);
      this.#asked = asked;
      asked.catch(() => {
        if (this.#asked === asked) this.#asked = undefined;
      });
    }
    return this.#asked;
  }

  async #who(signal: AbortSignal | undefined) {
    const identity = this.#identity;
    return identity !== undefined
      ? { kind: 'identity' as const, value: identity }
      : { kind: 'token' as const, value: await this.#tokenNow(signal) };
  }

  ownerNow(): string | undefined {
    if (this.#mineNow !== undefined) return this.#mineNow;
    // A provider's token is asked for on each call: its owner is never known at once.
    const source = this.#source;
    const [kind, value]: [OwnerKind, unknown] =
      this.#identity !== undefined ? ['identity', this.#identity] : ['token', source];
    if (typeof value !== 'string') return undefined;
    const deriving = derived.get(this.#secrets)?.get(`${kind}:${value}`);
    const secret = deriving && settledSecrets.get(deriving);
    return secret && (this.#mineNow = this.#digest.owner(secret, this.#key));
  }

  owner(signal: AbortSignal | undefined): Promise<string> {
    const now = this.ownerNow();
    if (now !== undefined) return (this.#mine ??= Promise.resolve(now));
    if (!this.#mine) {
      const digest = this.#digest;
      const identity = this.#identity;
      // Who, then its secret, then the MAC: one promise each, no async layer (issue 37).
      const secret =
        identity !== undefined
          ? ownerSecret(this.#secrets, 'identity', identity, digest)
          : this.#tokenNow(signal).then((token) =>
              ownerSecret(this.#secrets, 'token', token, digest),
            );
      const mine = secret.then((found) => digest.owner(found, this.#key));
      this.#mine = mine;
      // A failed attempt (an abort, a provider's error) is not remembered: the next one asks again.
      mine.catch(() => {
        if (this.#mine === mine) this.#mine = undefined;
      });
    }
    return this.#mine;
  }

  async isOwner(recorded: string, signal: AbortSignal | undefined): Promise<boolean> {
    if (!this.#digest.isLegacy(recorded)) return recorded === (await this.owner(signal));
    // Written by the earlier format: checked by its own slow digest, for such records only.
    const { kind, value } = await this.#who(signal);
    return recorded === (await this.#digest.legacy(kind, value, this.#key));
  }

  // The token's secret even with an identity: an identity is no secret, and a MAC under it would
  // let anyone who reads the journal try the values a marker may stand for (a CVC's thousand).
  // A provider's current token: a re-run while it gives the same one confirms (keys.md).
  async fieldDigest(name: string, value: string): Promise<string | undefined> {
    const token = await this.#tokenNow(undefined);
    const secret = await ownerSecret(this.#secrets, 'token', token, this.#digest);
    return this.#digest.field(secret, this.#key, name, value);
  }
}
