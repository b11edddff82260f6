import { InvalidRequestError } from '../core/errors/validation-errors.js';

/**
 * A key is text that every journal stores as it is: UTF-8 in SQLite and PostgreSQL, UTF-16 in
 * memory and Web Storage. A lone surrogate (half of an emoji, a key cut in the middle of one) has
 * no UTF-8 form: SQLite and PostgreSQL would store it as U+FFFD, and two different keys would
 * become one (the second replaying the first's answer). Such a key is refused everywhere, before
 * anything is sent or stored.
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether `key` has a lone surrogate (not well-formed UTF-16). */
export function hasLoneSurrogate(key: string): boolean {
  return LONE_SURROGATE.test(key);
}

/**
 * `key`, or an InvalidRequestError for one with a lone surrogate. An `identity` too: its owner
 * digest reads it as UTF-8, where `user-\uD800` and `user-\uDFFF` are one, and the second was
 * replayed the first's answer (redteam59).
 */
export function storedKey(key: string, field: 'key' | 'identity' | (string & {}) = 'key'): string {
  if (typeof key === 'string' && hasLoneSurrogate(key)) {
    // Records an identity made before it was refused are its toWellFormed()'s (review23).
    const apart =
      field === 'identity'
        ? "no key owner can tell apart from another identity; use whole characters (the records it made before are its identity.toWellFormed()'s)"
        : 'no journal can store apart from another key; use whole characters';
    throw new InvalidRequestError(
      `Invalid ${field}: it holds a lone surrogate (half of a character such as an emoji, as when it is cut in the middle of one), which ${apart}`,
      { field },
    );
  }
  return key;
}
