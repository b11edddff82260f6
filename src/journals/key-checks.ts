import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { KeyReuseError } from './journal-errors.js';
import type { JournalRecord, PurchaseJournal } from './journal.js';
import { storedKey } from './key-text.js';

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
 * recorded with the client's secrets hidden: a field that differs is compared again as it would
 * be recorded (`asRecorded`), so a short token inside a service's slug (`ai` in `ai-credits`,
 * recorded `[REDACTED]-credits`) does not make the same request another one.
 */
export function checkSameRequest(
  key: string,
  kind: 'purchase' | 'checkout',
  params: Record<string, unknown>,
  record: JournalRecord,
  asRecorded?: () => Record<string, unknown>,
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
  if (differences.length > 0 && asRecorded) {
    const hidden = asRecorded();
    differences = differences.filter((name) => differ(name, hidden));
  }
  if (differences.length > 0) throw new KeyReuseError(key, differences);
}
