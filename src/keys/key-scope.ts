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
    secret = digest.secret(kind, value);
    secret.catch(() => known.delete(id));
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
  const { token: source, secrets, timeoutMs } = loan;
  // A provider's token, asked once per call (a failed ask is not remembered: the next asks again).
  let asked: Promise<string> | undefined;
  const tokenNow = (signal: AbortSignal | undefined): Promise<string> => {
    if (typeof source === 'string') return Promise.resolve(source);
    if (!asked) {
      const call = { timeoutMs, method: 'keyed call', url: `key "${key}"` };
      asked = tokenFor(source, signal, secrets, call);
      asked.catch(() => (asked = undefined));
    }
    return asked;
  };
  const who = async (signal: AbortSignal | undefined) =>
    identity !== undefined
      ? { kind: 'identity' as const, value: identity }
      : { kind: 'token' as const, value: await tokenNow(signal) };
  let mine: Promise<string> | undefined;
  const owner = (signal: AbortSignal | undefined): Promise<string> => {
    if (!mine) {
      mine = who(signal).then(async ({ kind, value }) =>
        digest.owner(await ownerSecret(secrets, kind, value, digest), key),
      );
      // A failed attempt (an abort, a provider's error) is not remembered: the next one asks again.
      mine.catch(() => (mine = undefined));
    }
    return mine;
  };
  const isOwner = async (recorded: string, signal: AbortSignal | undefined) => {
    if (!digest.isLegacy(recorded)) return recorded === (await owner(signal));
    // Written by the earlier format: checked by its own slow digest, for such records only.
    const { kind, value } = await who(signal);
    return recorded === (await digest.legacy(kind, value, key));
  };
  // The token's secret even with an identity: an identity is no secret, and a MAC under it would
  // let anyone who reads the journal try the values a marker may stand for (a CVC's thousand).
  // A provider's current token: a re-run while it gives the same one confirms (keys.md).
  const fieldDigest = async (name: string, value: string) =>
    digest.field(
      await ownerSecret(secrets, 'token', await tokenNow(undefined), digest),
      key,
      name,
      value,
    );
  return {
    redact: (value) => secrets.redact(value),
    redactStored: (value) => secrets.redactStored(value),
    redactLater: (value, stored) => secrets.redactLater(value, stored),
    token: typeof source === 'string' ? source : undefined,
    known: () => secrets.list,
    cause: (thrown) => secrets.cause(thrown),
    error: (error) => secrets.error(error),
    owner,
    isOwner,
    fieldDigest,
    timeoutMs,
  };
}
