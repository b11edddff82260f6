import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { MAX_DEPTH } from '../core/secrets/redact.js';

/**
 * Refuses, before anything is sent, a keyed call's parameters nested deeper than its record can
 * keep them: past {@link MAX_DEPTH} the secrets' redaction writes a marker instead, and the order,
 * paid, was then never the same request as its own re-run (KeyReuseError, "use a new key": a
 * second charge for one order).
 */
export function checkRecordableDepth(params: unknown): void {
  if (!deeperThanKept(params, 0)) return;
  throw new InvalidRequestError(
    `Invalid params: nested deeper than ${MAX_DEPTH} levels, more than a keyed call's record keeps; flatten it`,
    { field: 'params' },
  );
}

function deeperThanKept(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > MAX_DEPTH) return true;
  return Object.values(value).some((item) => deeperThanKept(item, depth + 1));
}
