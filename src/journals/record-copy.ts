import { isSecretKey, REDACTED } from '../core/secrets/redact.js';

/** A value the quick copy does not take: the whole field goes through the client's own redact. */
const UNUSUAL = Symbol('unusual');
/** Deeper than this, the field is the client's redact's (which marks depth past 20). */
const MAX_DEPTH = 16;
/** Strings up to this long are remembered as clean (keys, codes, names, amounts). */
const MAX_REMEMBERED_LENGTH = 200;
const MAX_REMEMBERED = 1024;

/**
 * The strings found clean under each list of secrets (a client's `Secrets.list`, a new array
 * whenever the client learns a secret): per list, so a string clean under one list is never
 * taken for clean under another.
 */
const cleanUnder = new WeakMap<readonly string[], Set<string>>();

/** What a record field is redacted with: the client's redact, and the secrets it hides now. */
export interface FieldRedactor {
  redact: <T>(value: T) => T;
  known: () => readonly string[];
}

/**
 * `value` as the client's `redact` returns it (secret keys masked, the client's secrets hidden
 * in every string and key, in every encoding), made faster for what a service answers: plain JSON
 * data (objects, arrays, strings, numbers, booleans, null). Each string and key is searched by
 * that same `redact` unless found clean under the same secrets before (field names, codes,
 * amounts repeat in every answer: only what is new, such as a timestamp, is searched). Anything
 * else (a class instance, a Proxy, a getter that throws, a maze deeper than 16) gives the whole
 * value to the client's `redact` as is: the same result, by the slower walk (issue 37).
 */
export function redactField(value: unknown, redactor: FieldRedactor): unknown {
  const known = redactor.known();
  let clean = cleanUnder.get(known);
  if (!clean) cleanUnder.set(known, (clean = new Set()));
  try {
    return copy(value, redactor, clean, 0);
  } catch {
    return redactor.redact(value);
  }
}

function scrub(text: string, redactor: FieldRedactor, clean: Set<string>): string {
  if (clean.has(text)) return text;
  const scrubbed = redactor.redact(text);
  if (scrubbed === text && text.length <= MAX_REMEMBERED_LENGTH) {
    if (clean.size >= MAX_REMEMBERED) clean.clear();
    clean.add(text);
  }
  return scrubbed;
}

function copy(value: unknown, redactor: FieldRedactor, clean: Set<string>, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      return scrub(value, redactor, clean);
    case 'number':
      // Up to 11 characters written out: never searched (the client's redact searches 12 or more).
      return Number.isInteger(value) && value > -1e10 && value < 1e11
        ? value
        : redactor.redact(value);
    case 'boolean':
    case 'undefined':
      return value;
    case 'object':
      break;
    default:
      throw UNUSUAL; // bigint, symbol, function: as the client's redact has them
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH) throw UNUSUAL;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw UNUSUAL;
    return value.map((item) => copy(item, redactor, clean, depth + 1));
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw UNUSUAL;
  const result: Record<string, unknown> = {};
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const name = scrub(key, redactor, clean);
    // A getter that throws (a Proxy, a class's): the whole field is the client's redact's.
    const field = isSecretKey(key) ? REDACTED : copy(object[key], redactor, clean, depth + 1);
    // Defined when inherited, as the client's redact does: a body key `__proto__` stays a key.
    if (name in result)
      Object.defineProperty(result, name, {
        enumerable: true,
        writable: true,
        configurable: true,
        value: field,
      });
    else result[name] = field;
  }
  return result;
}
