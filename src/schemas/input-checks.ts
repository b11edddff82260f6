// Checks on request arguments shared by several schemas; internal, not part of the public schemas.
import * as z from 'zod/mini';

/**
 * An academy a media call targets: a positive id, or a slug. It travels in the `Academy` header,
 * so a string must be one fetch can send as is (visible ASCII): anything else made fetch throw a
 * TypeError that surfaced as a ConnectionError after the call had been retried.
 */
export const AcademyInputSchema = z.optional(
  z.union([z.int().check(z.positive()), z.string().check(z.regex(/^[\x21-\x7e]+$/))], {
    error: 'must be an academy id',
  }),
);

/**
 * True when JSON.stringify can encode `value` as it was checked: no BigInt, no cycle, no throwing
 * `toJSON`, and no object of its own with a `toJSON` key (zod's copy of a loose object keeps it,
 * and JSON.stringify would send what it returns instead of the fields checked).
 */
function isJsonSerializable(value: unknown): boolean {
  try {
    JSON.stringify(value, refuseOwnToJson);
    return true;
  } catch {
    return false;
  }
}

function refuseOwnToJson(this: unknown, key: string, encoded: unknown): unknown {
  const given = (this as Record<string, unknown>)[key];
  if (given !== encoded && typeof given === 'object' && given !== null) {
    const proto: unknown = Object.getPrototypeOf(given);
    // A Date (its prototype's toJSON) is data; a plain object's own toJSON is a disguise.
    if (proto === Object.prototype || proto === null || Array.isArray(given))
      throw new TypeError('an object with its own toJSON');
  }
  return encoded;
}

/**
 * Loose request objects pass unknown fields through to the JSON body. A BigInt or a cycle among
 * them made JSON.stringify throw inside the request, which surfaced as a ConnectionError (or, for
 * `meta`, a TypeError) after the call had started: it is an argument error, found up front.
 */
export const JsonSafe = z.refine(isJsonSerializable, { error: 'must be JSON-serializable' });

/**
 * True for data JSON.stringify encodes as it is, found without encoding it: text, numbers,
 * booleans, null, and arrays and plain objects of them (no `toJSON`, at most 32 deep, so no cycle).
 * Anything else (a Date, a BigInt, a class) is left to {@link JsonSafe}. May throw on a Proxy or a
 * getter that throws: the caller treats a throw as "not plain".
 */
export function isJsonData(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case 'object':
      break;
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth > 32) return false;
  // Plain loops: the money calls check their arguments on every call, and `every`'s closures and
  // `Object.values`' copy were most of what this check cost.
  if (Array.isArray(value)) {
    // An array's own `toJSON` is what JSON.stringify would send instead (zod's copy drops it).
    if ('toJSON' in value) return false;
    for (let at = 0; at < value.length; at++) if (!isJsonData(value[at], depth + 1)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || 'toJSON' in value) return false;
  // An own `__proto__` key is zod's to copy (as it sends it): the value is not sent as given.
  if (Object.hasOwn(value, '__proto__')) return false;
  // Own keys only, as JSON.stringify encodes them (an enumerable key added to Object.prototype
  // would come too with `for...in`).
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!isJsonData(record[key], depth + 1)) return false;
  return true;
}
