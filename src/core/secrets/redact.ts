/**
 * The one place that hides secrets: all that leaves seatpay as text (errors, logs, bodies) passes
 * here first. What counts as a secret's occurrence (every encoding, pieces of long secrets, short
 * secrets only where they stand alone) is in secret-forms.ts, which builds the patterns.
 */
import { byteListOf } from '../../base64-forms/byte-lists.js';
import { scrubAll } from './secret-scan.js';

export const REDACTED = '[REDACTED]';

/** Field names whose values are always secret, in headers and in bodies. */
const SECRET_KEYS = new Set([
  'authorization',
  'proxy-authorization',
  'card_number',
  'cvc',
  'cvv',
  'cvc2',
  'cvv2',
  'access_token',
  'password',
]);

/** True for a header or body key that holds a secret. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(key.toLowerCase());
}

/**
 * Replaces every occurrence of the given secrets inside `text`, in any encoding (see
 * secret-forms.ts). All matches are found on the original text first, then cut out together, so
 * one secret's marker never hides or splits another's. `stored`: the text is kept and replayed
 * (a journal's record), where a short number is hidden only where labelled or whole.
 */
export function scrubText(text: string, secrets: readonly string[], stored = false): string {
  if (typeof text !== 'string' || text.length === 0 || secrets.length === 0) return text;
  return scrubAll(text, secrets, stored, REDACTED);
}

const OWN_FIELD = { enumerable: true, writable: true, configurable: true };
/** Deeper than this, {@link redact} replaces a value with a marker (a body is data, not a maze). */
export const MAX_DEPTH = 20;

/**
 * A deep copy of `value`, secret keys masked and the secrets scrubbed from every string and key.
 * Non-plain objects (FormData, Blob) are described; cycles, depth past 20 and values that throw
 * when read (a Proxy, a getter) become markers, never an exception. `scrub` scrubs a string or
 * key (by default {@link scrubText} with `secrets`): a caller may remember the strings found clean.
 */
export function redact(
  value: unknown,
  secrets: readonly string[] = [],
  scrub: (text: string) => string = (text) => scrubText(text, secrets),
): unknown {
  return copy(value, secrets, scrub, 0, []);
}

/** {@link redact} of a value at `depth`, in containers `path[0..depth)` (no `Set`: issue 37). */
export function copy(
  value: unknown,
  secrets: readonly string[],
  scrub: (text: string) => string,
  depth: number,
  path: unknown[],
): unknown {
  if (typeof value === 'string') return scrub(value);
  // A card number can come back as a number (short numbers are ids and amounts, not secrets); a
  // symbol's description can quote anything.
  if (typeof value === 'number' || typeof value === 'bigint')
    return String(value).length >= 12 && scrubText(String(value), secrets) !== String(value)
      ? REDACTED
      : value;
  if (typeof value === 'symbol') return scrubText(value.toString(), secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[…]';
  const up = path.indexOf(value);
  if (up !== -1 && up < depth) return '[Circular]';
  path[depth] = value;
  try {
    const list = byteListOf(value); // a Buffer's or Uint8Array's JSON parsed (`[115, 107, …]`)
    if (list !== undefined && scrub(list) !== list) return REDACTED;
    if (Array.isArray(value)) {
      // A new array filled here: an array's own `map` (or its species) could answer with a secret.
      const items = new Array<unknown>(value.length);
      for (let at = 0; at < value.length; at++)
        if (at in value) items[at] = copy(value[at], secrets, scrub, depth + 1, path); // holes kept
      return items;
    }
    if (!isPlainObject(value)) return `[${kindOf(value)}]`;
    const result: Record<string, unknown> = {};
    // Keys scrubbed too (a listing keyed by the token); own keys, read by key: no array (issue 37).
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item: unknown = (value as Record<string, unknown>)[key];
      const field = isSecretKey(key) ? REDACTED : copy(item, secrets, scrub, depth + 1, path);
      put(result, scrub(key), field);
    }
    return result;
  } catch {
    return '[unreadable]';
  }
}

/** Assigned (defining cost more: issue 37); defined when inherited (JSON.parse's `__proto__`). */
export function put(result: Record<string, unknown>, name: string, field: unknown): void {
  if (name in result) Object.defineProperty(result, name, { ...OWN_FIELD, value: field });
  else result[name] = field;
}

export function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A class name for a marker, or `object` when even that cannot be read. */
export function kindOf(value: object): string {
  try {
    const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name ? name : 'object';
  } catch {
    return 'object';
  }
}
