/**
 * What memoryJournal keeps of a record: the value `JSON.parse(JSON.stringify(record))` gives, made
 * once, deep-frozen, so the journal's own checks (is the key free, still held, prunable) read it
 * without parsing it again, and the caller's object changed later cannot change it. It was the
 * record's JSON text, made on each write and parsed on each read: two texts and a parse per keyed
 * call (issue 37, keycost17).
 *
 * Plain data (strings, booleans, null, finite numbers, arrays and objects of them, as a record made
 * by seatpay is) is copied field by field, about twice as fast as JSON; anything JSON would change
 * or refuse (a `toJSON`, a Date, an instance of a class, `undefined` or a function in a field, a
 * non-finite number, a cycle) goes through JSON itself, so the result is JSON's to the letter.
 */
export function frozenCopyOf(value: unknown): unknown {
  const plain = plainCopy(value, DEEPEST, true);
  if (plain !== NOT_PLAIN) return plain;
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? undefined : plainCopy(JSON.parse(text), Infinity, true);
}

/** A copy of a value {@link frozenCopyOf} made, not frozen: what the journal hands out. */
export function thawedCopyOf(value: unknown): unknown {
  return plainCopy(value, Infinity, false);
}

/** A copy of anything but plain data: copied through JSON instead. */
const NOT_PLAIN = Symbol('not plain data');

const FIELD = { enumerable: true, writable: true, configurable: true } as const;

/** Deeper than this is copied through JSON (a cycle fails there as it always did). */
const DEEPEST = 64;

/** `value` copied (frozen or not); {@link NOT_PLAIN} if it is not plain data within `depthLeft` levels. */
function plainCopy(value: unknown, depthLeft: number, freeze: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value + 0 : NOT_PLAIN; // -0 as JSON writes it: 0
    case 'object':
      break;
    default:
      return NOT_PLAIN; // undefined, a function, a symbol, a bigint
  }
  if (value === null) return null;
  if (depthLeft <= 0) return NOT_PLAIN;
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return NOT_PLAIN;
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = plainCopy((value as unknown[])[i], depthLeft - 1, freeze);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return freeze ? Object.freeze(copy) : copy;
  }
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  if ('toJSON' in value) return NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  const object = value as Record<string, unknown>;
  for (const name in object) {
    if (!Object.hasOwn(object, name)) continue;
    const field = plainCopy(object[name], depthLeft - 1, freeze);
    if (field === NOT_PLAIN) return NOT_PLAIN;
    // An own `__proto__` (JSON.parse makes one) stays a field, never the copy's prototype.
    if (name === '__proto__') Object.defineProperty(copy, name, { ...FIELD, value: field });
    else copy[name] = field;
  }
  return freeze ? Object.freeze(copy) : copy;
}
