import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { REDACTED } from '../core/secrets/redact.js';
import { KeyReuseError } from './journal-errors.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { storedKey } from './key-text.js';
import type { KeyScope } from '../keys/key-scope.js';

// A keyed call's checks before anything is sent, and how a recorded request is compared with it.

/** Checks a call's `key` and `journal` before anything is sent. */
export function checkKeyAndJournal(keyed: {
  key?: unknown;
  journal?: unknown;
  identity?: unknown;
}): void {
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
  const usable =
    journal === undefined ||
    (typeof journal === 'object' &&
      journal !== null &&
      typeof (journal as PurchaseJournal).get === 'function' &&
      typeof (journal as PurchaseJournal).set === 'function');
  if (!usable) {
    throw new InvalidRequestError('Invalid journal: must have get(key) and set(key, record)', {
      field: 'journal',
    });
  }
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
 * recorded with the client's secrets hidden: a field that differs is the same when it is recorded
 * so (`scope.redact`) and is what the record holds with its markers put back to the client's
 * token (a short token inside a service's slug: `ai` in `ai-credits`, recorded
 * `[REDACTED]-credits`). Only the token: `AI-credits`, `737-credits` after a card with CVC 737, or
 * any other secret in its place are hidden alike, and are other requests.
 */
export function checkSameRequest(
  key: string,
  kind: 'purchase' | 'checkout',
  params: Record<string, unknown>,
  record: JournalRecord,
  scope?: { redact: <T>(value: T) => T; token: string | undefined },
): void {
  const recordedKind = record.kind ?? 'purchase';
  if (recordedKind !== kind) throw new KeyReuseError(key, [`kind (a ${recordedKind} is recorded)`]);
  const recorded = record.params;
  if (!recorded || typeof recorded !== 'object') return; // written before parameters were kept
  const names = new Set([...Object.keys(recorded), ...Object.keys(params)]);
  const differ = (name: string, given: object) =>
    canonical(ownField(recorded, name)) !== canonical(ownField(given, name));
  let differences = [...names].filter((name) => differ(name, params));
  // Redacted only when something differs: a keyed call's usual read costs no search (issue 37).
  const token = scope?.token;
  if (differences.length > 0 && scope && token) {
    const hidden = scope.redact(params);
    const same = (name: string) =>
      !differ(name, hidden) &&
      canonical(withToken(ownField(recorded, name), token)) === canonical(ownField(params, name));
    differences = differences.filter((name) => !same(name));
  }
  if (differences.length > 0) throw new KeyReuseError(key, differences);
}

/**
 * {@link checkSameRequest}, and with a token provider (no fixed token) its current token put back
 * as a fixed one is: asked for only when a field differs, within the call's signal and timeout. A
 * record made under another token (rotated, another user's) does not match it: refused as before.
 * Whose record it is was checked first (the owner): this only compares this owner's request.
 */
export async function checkSameRequestOf(
  key: string,
  kind: 'purchase' | 'checkout',
  params: Record<string, unknown>,
  record: JournalRecord,
  scope: KeyScope,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    checkSameRequest(key, kind, params, record, scope);
  } catch (error) {
    if (!(error instanceof KeyReuseError) || scope.token !== undefined) throw error;
    const token = await scope.currentToken(signal);
    checkSameRequest(key, kind, params, record, { redact: scope.redact, token });
  }
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
