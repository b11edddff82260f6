import { MAX_DEPTH } from '../core/secrets/redact.js';

/**
 * A slice of work: about this many characters are searched for secrets before the event loop is
 * let go (redact-in-slices.ts). A value of a slice or more is redacted in slices, and the code
 * that does it is loaded then (redact-large.ts): the size check alone comes with every page.
 */
export const SLICE = 64 * 1024;

/** Whether `value` holds a slice of work or more (strings' length, and a little per field). */
export function isLarge(value: unknown): boolean {
  return weigh(value, 0, 0) >= SLICE;
}

/**
 * The weight of `value` found at `depth`, added to `sum`, up to {@link SLICE}: what reading it
 * costs, as `copy` (redact.ts) reads it (no deeper than it goes), never an exception.
 */
export function weigh(value: unknown, sum: number, depth: number): number {
  if (typeof value === 'string') return sum + value.length + 8;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return sum + 8;
  try {
    // Read in place: an array of every key and value per object (`Object.entries().flat()`) cost
    // a keyed call's record half of what redacting it costs (issue 37).
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        sum = weigh(item, sum + 8, depth + 1);
        if (sum >= SLICE) return sum;
      }
      return sum;
    }
    const fields = value as Record<string, unknown>;
    for (const key in fields) {
      if (!Object.hasOwn(fields, key)) continue; // own keys, as `copy`, with no array of them
      sum = weigh(fields[key], key.length + sum + 24, depth + 1);
      if (sum >= SLICE) return sum;
    }
  } catch {
    // Read again by `copy`, which makes a marker of what throws.
  }
  return sum;
}
