// An array argument read once, its length bounded: for the schemas' arrays (input-checks.ts) and
// for `subscriptions.waitFor`'s `exclude`; internal, not part of the public schemas.

/** What an array whose `length` or an item cannot be read (a Proxy, a getter that throws) is told. */
const UNREADABLE = 'must be an array whose length and items can be read';

/**
 * `array`'s items read once by index into a copy (holes as `undefined`, as zod reads them), its
 * `length` read once and checked against `max` before any item is read: a sparse array of
 * 2 ** 32 - 1 holes costs nothing to make and minutes to walk, and a Proxy whose `length` says 1
 * to a check and 2 ** 32 - 1 to a second read got past the check. What is checked is the copy,
 * and the copy is what is used. A refusal is `refuse`'s, in the caller's words: `tooMany(length)`
 * for an array over `max`, the same words for every caller for one that throws when read.
 */
export function readArrayOnce<T, R>(
  array: readonly T[],
  max: number,
  tooMany: (length: number) => string,
  refuse: (message: string) => R,
): T[] | R {
  let length: number;
  let copy: T[] | undefined;
  try {
    length = array.length;
    // Not `length <= max`: a length that is no count (NaN) is unreadable, refused by `new Array`.
    if (!(length > max)) {
      copy = new Array<T>(length);
      for (let at = 0; at < length; at++) copy[at] = array[at]!;
    }
  } catch {
    return refuse(UNREADABLE);
  }
  // Refused outside the `try`: a `refuse` that throws is not taken for an unreadable array.
  return copy ?? refuse(tooMany(length));
}
