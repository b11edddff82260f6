// Checks on request arguments shared by several schemas (and `subscriptions.waitFor`'s `exclude`,
// read by readArrayOnce too); internal, not part of the public schemas.
import * as z from 'zod/mini';

/**
 * An academy a media call targets: a positive id, or a slug. It travels in the `Academy` header,
 * so a string must be one fetch can send as is (visible ASCII): anything else made fetch throw a
 * TypeError that surfaced as a ConnectionError after the call had been retried.
 */
export const AcademyInputSchema = z.optional(
  z.union(
    [
      /* @__PURE__ */ z.int().check(z.positive()),
      /* @__PURE__ */ z.string().check(z.regex(/^[\x21-\x7e]+$/)),
    ],
    {
      error: 'must be an academy id',
    },
  ),
);

/**
 * The most items an array argument may hold (`plans`, `add_seats`, `replace_seats`, a media
 * `meta.categories`, any array among a request's extra fields): the service names no bound of its
 * own, and no call needs more. Checked by length before anything walks the array: a sparse array
 * (`a.length = 2 ** 32 - 1`, `new Array(1e9)`) costs nothing to make, and zod, JSON.stringify or
 * a loop over it would spend minutes on its holes.
 */
export const MAX_ARRAY_ITEMS = 10_000;

/** What an array argument over {@link MAX_ARRAY_ITEMS} is told. */
const TOO_MANY_ITEMS = `must hold at most ${MAX_ARRAY_ITEMS} items: send more in several calls`;

/** True unless `value` is an array longer than {@link MAX_ARRAY_ITEMS}. */
function isNotOversized(value: unknown): boolean {
  return !Array.isArray(value) || value.length <= MAX_ARRAY_ITEMS;
}

/**
 * `z.array(items)` whose length is checked first, before zod reads a single item: anything else
 * (a non-array too) goes on to the array schema as it is, which words its own refusal. The array
 * is read once, into a copy that zod then checks: a Proxy whose `length` says 1 to the check and
 * 2 ** 32 - 1 to zod ran the process out of memory, and one whose `length` or item throws threw
 * its own error, not a typed one.
 */
export function boundedArray<T extends z.ZodMiniType>(
  items: T,
  params: { error: string },
  ...checks: z.core.CheckFn<z.output<T>[]>[] | z.core.$ZodCheck<z.output<T>[]>[]
): z.ZodMiniPipe<
  z.ZodMiniPipe<
    z.ZodMiniCustom<z.input<T>[], z.input<T>[]>,
    z.ZodMiniTransform<z.input<T>[], z.input<T>[]>
  >,
  z.ZodMiniArray<T>
> {
  return z.pipe(
    z.pipe(z.custom<z.input<T>[]>(), z.transform(readOnce<z.input<T>>)),
    z.array(items, params).check(...checks),
  );
}

/** `value` read once into a copy (see {@link readArrayOnce}), if an array; else as it is. */
function readOnce<T>(value: T[], context: z.core.ParsePayload): T[] {
  if (!Array.isArray(value)) return value;
  const copy = readArrayOnce(value, MAX_ARRAY_ITEMS, () => TOO_MANY_ITEMS);
  if (typeof copy !== 'string') return copy;
  context.issues.push({ code: 'custom', message: copy, input: value });
  return z.NEVER;
}

/**
 * `array`'s items read once by index into a copy (holes as `undefined`, as zod reads them), its
 * `length` read once and checked against `max` before any item is read: a sparse array of
 * 2 ** 32 - 1 holes costs nothing to make and minutes to walk, and a Proxy whose `length` says 1
 * to a check and 2 ** 32 - 1 to a second read got past the check. What is checked is the copy,
 * and the copy is what is used. Returns the copy, or the words of its refusal: `tooMany(length)`
 * for an array over `max`, the same words for every caller for one whose `length` or an item
 * throws when read (a Proxy, a getter).
 */
export function readArrayOnce<T>(
  array: readonly T[],
  max: number,
  tooMany: (length: number) => string,
): T[] | string {
  try {
    const length = array.length;
    if (length > max) return tooMany(length);
    const copy = new Array<T>(length);
    for (let at = 0; at < length; at++) copy[at] = array[at]!;
    return copy;
  } catch {
    return 'must be an array whose length and items can be read';
  }
}

/** Thrown by the replacer below for an array too long: JSON.stringify stops at once. */
class OversizedArray extends Error {}

/**
 * True when JSON.stringify can encode `value` as it was checked: no BigInt, no cycle, no throwing
 * `toJSON`, no object of its own with a `toJSON` key (zod's copy of a loose object keeps it, and
 * JSON.stringify would send what it returns instead of the fields checked), no array too long.
 * Plain data is found so without encoding it ({@link isJsonData}, a third of the cost of
 * JSON.stringify); anything else is encoded through {@link refuseDisguised}.
 */
function isJsonSerializable(value: unknown): boolean {
  try {
    if (isJsonData(value)) return true;
  } catch {
    // A Proxy or a getter that throws: JSON.stringify judges it.
  }
  try {
    JSON.stringify(value, refuseDisguised);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sees each value before JSON.stringify encodes it, with the key that holds it: an array too long
 * is refused before it is iterated, and a plain object's own `toJSON` (a disguise) is refused.
 */
function refuseDisguised(this: unknown, key: string, encoded: unknown): unknown {
  if (Array.isArray(encoded) && encoded.length > MAX_ARRAY_ITEMS) throw new OversizedArray(key);
  const given = (this as Record<string, unknown>)[key];
  if (given !== encoded && typeof given === 'object' && given !== null) {
    const proto: unknown = Object.getPrototypeOf(given);
    // A Date (its prototype's toJSON) is data; a plain object's own toJSON is a disguise.
    if (proto === Object.prototype || proto === null || Array.isArray(given))
      throw new TypeError('an object with its own toJSON');
  }
  return encoded;
}

/** Why {@link JsonSafe} refused `value`: an array too long (named by its path), or anything else. */
function jsonSafeMessage(value: unknown): string {
  try {
    JSON.stringify(value, refuseDisguised);
  } catch (error) {
    if (error instanceof OversizedArray) {
      const path = oversizedPath(value, 0) ?? [error.message];
      return `${path.join('.')} ${TOO_MANY_ITEMS}`;
    }
  }
  return 'must be JSON-serializable';
}

/**
 * Where the array too long sits in `value` (`['extra', '0']`), found on the refusal's path only:
 * arrays within the bound and own keys, at most 32 deep, as {@link isJsonData} reads them.
 */
function oversizedPath(value: unknown, depth: number): string[] | undefined {
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const inner = record[key];
    if (!isNotOversized(inner)) return [key];
    const below = oversizedPath(inner, depth + 1);
    if (below) return [key, ...below];
  }
  return undefined;
}

/**
 * Loose request objects pass unknown fields through to the JSON body. A BigInt or a cycle among
 * them made JSON.stringify throw inside the request, which surfaced as a ConnectionError (or, for
 * `meta`, a TypeError) after the call had started: it is an argument error, found up front.
 */
export const JsonSafe = z.refine(isJsonSerializable, {
  error: (issue) => jsonSafeMessage(issue.input),
});

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
    // Its length first: a sparse array of 2 ** 32 - 1 holes would take minutes to walk.
    if (value.length > MAX_ARRAY_ITEMS) return false;
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
