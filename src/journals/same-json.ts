/**
 * Whether `a` and `b` are the same JSON data (strings, finite numbers, booleans, null, arrays and
 * plain objects, keys in any order): then their `canonical` texts (key-checks.ts) are equal, found
 * without writing either (a keyed call compared two texts of its parameters per run: issue 37).
 * False for anything else (undefined, a class instance, an object or array with `toJSON`, a Proxy
 * that throws, nesting past 64): the caller compares the canonical texts then, as before. Each
 * value is read once, as JSON reads it once for each text.
 */
export function sameJson(a: unknown, b: unknown, depth = 0): boolean {
  if (typeof a !== 'object' || a === null) return a === b && isJsonLeaf(a);
  if (typeof b !== 'object' || b === null) return false;
  if (depth > 64) return false;
  try {
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || !isPlainArray(a) || !isPlainArray(b) || a.length !== b.length)
        return false;
      for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], depth + 1)) return false;
      return true;
    }
    if (Array.isArray(b) || !isPlainObject(a) || !isPlainObject(b)) return false;
    const names = Object.keys(a);
    if (names.length !== Object.keys(b).length) return false;
    for (const name of names) {
      if (!Object.hasOwn(b, name)) return false;
      const left = (a as Record<string, unknown>)[name];
      if (!sameJson(left, (b as Record<string, unknown>)[name], depth + 1)) return false;
    }
    return true;
  } catch {
    return false; // a Proxy that throws: the texts decide (and throw) as before
  }
}

/** A value JSON writes as itself: a string, a finite number, a boolean, null. */
function isJsonLeaf(value: unknown): boolean {
  const type = typeof value;
  return (
    type === 'string' || type === 'boolean' || value === null || Number.isFinite(value as number)
  );
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !hasToJSON(value);
}

function isPlainArray(value: unknown[]): boolean {
  return Object.getPrototypeOf(value) === Array.prototype && !hasToJSON(value);
}

/** Looked up as JSON does, by reading it (a Proxy's `has` may deny what its `get` gives), on an
 * array too (an array's own `toJSON` is written in its place). */
function hasToJSON(value: object): boolean {
  return (value as { toJSON?: unknown }).toJSON !== undefined;
}
