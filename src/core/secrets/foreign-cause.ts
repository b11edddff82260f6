import { kindOf, put, redact, scrubText } from './redact.js';

/**
 * What an error's `cause` may hold of a foreign failure (whatever a token provider, a custom fetch
 * or a hook threw, an abort reason): the value itself when it reads cleanly and quotes no secret
 * anywhere a printer looks, so `cause === thrown` and `cause instanceof VaultError` hold. Else a
 * copy of the same class (its prototype) with name, message, stack, `code`, its own fields and its
 * cause scrubbed, at most 5 deep. A value that cannot be read safely (a Proxy, getters that throw)
 * or that holds objects a printer would open (a Request and its headers) is copied too.
 */
export function redactCause(inner: unknown, secrets: readonly string[]): unknown {
  try {
    if (readsCleanly(inner) && quotesNothing(inner as Error, secrets, 0)) return inner;
    return copyOf(inner, secrets, 0);
  } catch {
    return '[unreadable]';
  }
}

/**
 * A `cause` that every printer can read: a SeatpayError, or an Error whose name, message and
 * stack read as strings, is kept as it is (its identity matters to the caller who threw it); any
 * other value (a Proxy, getters that throw, a symbol, a plain object) becomes its safe copy.
 */
export function safeCause(cause: unknown): unknown {
  if (readsCleanly(cause)) return cause;
  try {
    return copyOf(cause, [], 0);
  } catch {
    return '[unreadable]';
  }
}

// The whole cause chain: structuredClone copies it, and a function's DataCloneError quotes it.
function readsCleanly(error: unknown, depth = 0): boolean {
  try {
    if (!(error instanceof Error) || depth > 5) return false; // a Proxy's getPrototypeOf may throw
    const { name, message, stack, cause } = error;
    return (
      typeof name === 'string' &&
      typeof message === 'string' &&
      (stack === undefined || typeof stack === 'string') &&
      (cause === undefined ||
        cause === null ||
        (typeof cause !== 'object' && typeof cause !== 'function') ||
        readsCleanly(cause, depth + 1))
    );
  } catch {
    return false;
  }
}

/** Own keys an Error has of its own making; any other own field is the thrower's. */
const ERROR_KEYS = new Set(['name', 'message', 'stack', 'cause']);

/** True when nothing `error` shows (texts, own fields, cause chain) holds a secret. */
function quotesNothing(error: Error, secrets: readonly string[], depth: number): boolean {
  try {
    if (depth > 5 || !printsNothing(error, secrets)) return false;
    const { name, message, stack, cause } = error;
    for (const text of [name, message, stack]) {
      if (text !== undefined && (typeof text !== 'string' || scrubText(text, secrets) !== text))
        return false;
    }
    for (const key of Reflect.ownKeys(error)) {
      if (typeof key !== 'string') return false;
      if (!ERROR_KEYS.has(key) && !cleanData(Object.getOwnPropertyDescriptor(error, key), secrets))
        return false;
    }
    if (cause === undefined) return true;
    return cause instanceof Error
      ? quotesNothing(cause, secrets, depth + 1)
      : cleanData({ value: cause }, secrets);
  } catch {
    return false; // a Proxy whose traps throw: not kept
  }
}

/** A data field (no getter) of plain data, which the secrets do not touch. */
function cleanData(
  descriptor: PropertyDescriptor | undefined,
  secrets: readonly string[],
): boolean {
  if (!descriptor || !('value' in descriptor)) return false;
  const value: unknown = descriptor.value;
  if (typeof value === 'function' || typeof value === 'symbol') return false;
  if (value !== null && typeof value === 'object' && !isData(value, 0)) return false;
  return JSON.stringify(redact(value, secrets)) === JSON.stringify(value);
}

function isData(value: object, depth: number): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  if (depth > 5 || (!Array.isArray(value) && proto !== Object.prototype && proto !== null))
    return false;
  return Object.values(value).every(
    (item) =>
      item === null ||
      ['string', 'number', 'boolean'].includes(typeof item) ||
      (typeof item === 'object' && isData(item as object, depth + 1)),
  );
}

function copyOf(inner: unknown, secrets: readonly string[], depth: number): unknown {
  if (!(inner instanceof Error)) return withoutFunctions(redact(inner, secrets));
  const safe = Object.create(prototypeOf(inner)) as Error;
  const text = (value: unknown, fallback: string) =>
    typeof value === 'string' ? scrubText(value, secrets) : fallback;
  define(safe, 'message', text(read(inner, 'message'), ''));
  define(safe, 'name', text(read(inner, 'name'), kindOf(inner)));
  define(safe, 'stack', text(read(inner, 'stack'), `${safe.name}: ${safe.message}`));
  const code = read(inner, 'code');
  if (typeof code === 'string' || typeof code === 'number') define(safe, 'code', code, true);
  for (const key of safely(() => Object.keys(inner), [])) {
    if (ERROR_KEYS.has(key) || key === 'code') continue;
    // A field of a copy is cloned as a plain object's is: a function there would be quoted.
    define(
      safe,
      scrubText(key, secrets),
      withoutFunctions(redact(read(inner, key), secrets)),
      true,
    );
  }
  const cause = read(inner, 'cause');
  if (cause !== undefined && depth < 5) define(safe, 'cause', copyOf(cause, secrets, depth + 1));
  return safe;
}

/** redact's fresh copy with each function a marker (a cause is cloned with its error). */
function withoutFunctions(copied: unknown): unknown {
  if (typeof copied === 'function') return '[Function]';
  if (typeof copied !== 'object' || copied === null) return copied;
  const fields = copied as Record<string, unknown>;
  for (const key of Object.keys(fields)) put(fields, key, withoutFunctions(fields[key]));
  return copied;
}

/** Keys by which a class prints itself: its own code may read what the copy lacks. */
const PRINTERS = [Symbol.for('nodejs.util.inspect.custom'), 'toJSON', 'toString'];

/**
 * True when the class's own printers (`String(cause)`, `util.inspect`, JSON) print no secret: one
 * may read a private field or a closure that no own field shows. One that throws is not kept.
 */
function printsNothing(error: Error, secrets: readonly string[]): boolean {
  if (prototypeOf(error) === Object.getPrototypeOf(error)) return true; // none of its own
  for (const key of PRINTERS) {
    const printer = (error as unknown as Record<PropertyKey, unknown>)[key];
    const shown: unknown = typeof printer === 'function' ? printer.call(error, 2, {}, String) : '';
    const text = typeof shown === 'string' ? shown : (JSON.stringify(shown) ?? '');
    if (scrubText(text, secrets) !== text) return false;
  }
  return true;
}

/**
 * The thrown value's prototype, so the copy is still an instance of its class; Error's when that
 * cannot be read, or when the class prints itself (it could read fields the copy does not have).
 */
function prototypeOf(inner: Error): object {
  return safely(() => {
    const proto = Object.getPrototypeOf(inner) as object;
    for (let at = proto; at !== Error.prototype; at = Object.getPrototypeOf(at) as object) {
      if (at === null || PRINTERS.some((key) => Object.hasOwn(at, key))) return Error.prototype;
    }
    return proto;
  }, Error.prototype);
}

function read(value: object, key: string): unknown {
  return safely(() => (value as Record<string, unknown>)[key], '[unreadable]');
}

function safely<T>(get: () => T, fallback: T): T {
  try {
    return get();
  } catch {
    return fallback;
  }
}

function define(target: object, key: string, value: unknown, enumerable = false): void {
  Object.defineProperty(target, key, { value, enumerable, writable: true, configurable: true });
}
