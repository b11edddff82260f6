import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { untilAborted } from '../core/retry/until-aborted.js';
import { REDACTED } from '../core/secrets/redact.js';
import { KeyReuseError } from './journal-errors.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { storedKey } from './key-text.js';
import { readableJournal } from './journal-members.js';
import { sameJson } from './same-json.js';
import { refusedOrderField } from '../resources/misplaced-key.js';
import type { KeyScope } from '../keys/key-scope.js';

// A keyed call's checks before anything is sent, and how a recorded request is compared with it.

/**
 * Checks a call's `key` and `journal` before anything is sent: a journal whose members cannot be
 * read is a JournalError, the client's `secrets` hidden in its cause (journal-members.ts).
 */
export function checkKeyAndJournal(
  keyed: {
    key?: unknown;
    journal?: unknown;
    identity?: unknown;
  },
  secrets?: { cause(thrown: unknown): unknown },
): void {
  const { key, journal, identity } = keyed;
  if (key !== undefined && (typeof key !== 'string' || key === '')) {
    throw new InvalidRequestError('Invalid key: must be a non-empty string', { field: 'key' });
  }
  if (key !== undefined) storedKey(key);
  if (identity !== undefined && (typeof identity !== 'string' || identity === '')) {
    throw new InvalidRequestError('Invalid identity: must be a non-empty string (your user id)', {
      field: 'identity',
    });
  }
  if (identity !== undefined) storedKey(identity, 'identity');
  // Its get and set checked as read there, once (read again, a getter could throw then).
  readableJournal(journal as PurchaseJournal | undefined, secrets);
}

export function ownField(object: object, name: string): unknown {
  return Object.hasOwn(object, name) ? (object as Record<string, unknown>)[name] : undefined;
}

/** JSON with object keys sorted, so that `{ a, b }` and `{ b, a }` compare equal. */
export function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
      const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const name of Object.keys(item).sort()) sorted[name] = ownField(item, name);
      return sorted;
    }) ?? 'undefined'
  );
}

/**
 * Refuses, with {@link KeyReuseError}, a record of `key` made for another request: another kind,
 * or other parameters (`params` as a journal gives them back: through JSON). Parameters are
 * recorded with the client's secrets hidden, and a marker does not say which secret it stands
 * for: a record whose parameters were hidden keeps their digest under the client's token
 * (`paramsDigest`, see params-digest.ts), and a field that differs is the same only when the
 * record hides a secret in it and has the very digest of its new value. Not also only when this
 * client hides it alike: a client that never learned the secret (a process restarted, which sent
 * no card yet) re-running the same order was told to use a new key, and paid it twice.
 * `ai-credits` with the token `ai` is replayed; `AI-credits`, or `123-credits` after a card with
 * CVC 123, hidden alike, are other requests whichever came first.
 */
export async function checkSameRequest(
  key: string,
  kind: 'purchase' | 'checkout',
  params: Record<string, unknown>,
  record: JournalRecord,
  scope?: Pick<KeyScope, 'fieldDigest'>,
  signal?: AbortSignal,
): Promise<void> {
  const recordedKind = record.kind ?? 'purchase';
  if (recordedKind !== kind) throw new KeyReuseError(key, [`kind (a ${recordedKind} is recorded)`]);
  const recorded = record.params;
  if (!recorded || typeof recorded !== 'object') return; // written before parameters were kept
  const names = new Set([...Object.keys(recorded), ...Object.keys(params)]);
  // A request option (or idempotency key) recorded in a checkout's order before it was refused.
  for (const name of names)
    if (kind === 'checkout' && refusedOrderField(name) && !(name in params)) names.delete(name);
  const differ = (name: string, given: object) => {
    const was = ownField(recorded, name);
    const now = ownField(given, name);
    return !sameJson(was, now) && canonical(was) !== canonical(now);
  };
  let differences = [...names].filter((name) => differ(name, params));
  // Redacted only when something differs: a keyed call's usual read costs no search (issue 37).
  const kept = ownField(record, 'paramsDigest');
  const hides = (name: string) => canonical(ownField(recorded, name)).includes(REDACTED);
  if (differences.length > 0 && scope && typeof kept === 'string') {
    const same = await Promise.all(
      differences.map(
        async (name) =>
          hides(name) && keptDigestOf(scope, kept, name, ownField(params, name), signal),
      ),
    );
    differences = differences.filter((_name, at) => !same[at]);
  }
  // A secret hidden there that this client cannot check (another token, a record without digest):
  // maybe the very order, so never "use a new key" (a second charge) without a word of it.
  if (differences.length > 0) throw new KeyReuseError(key, differences, differences.some(hides));
}

/** Whether a record's `paramsDigest` holds the digest of field `name` with `value` as given. */
async function keptDigestOf(
  scope: Pick<KeyScope, 'fieldDigest'>,
  kept: string,
  name: string,
  value: unknown,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  // It may wait for a token provider: as long as the call waits, no longer.
  const digest = await untilAborted(scope.fieldDigest(name, canonical(value)), signal);
  return digest !== undefined && kept.split(' ').includes(digest);
}

/** A recorded value with every marker put back to `token`: the one value it is of that token. */
export function withToken(value: unknown, token: string): unknown {
  const put = (text: string) => text.replaceAll(REDACTED, () => token);
  if (typeof value === 'string') return put(value);
  if (Array.isArray(value)) return value.map((item) => withToken(item, token));
  if (typeof value !== 'object' || value === null) return value;
  const fields = Object.entries(value).map(([name, item]) => [put(name), withToken(item, token)]);
  return Object.fromEntries(fields) as unknown;
}
