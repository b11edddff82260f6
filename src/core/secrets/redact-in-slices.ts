import { copy, isPlainObject, isSecretKey, kindOf, MAX_DEPTH, put, REDACTED } from './redact.js';
import { SecretScan } from './secret-scan.js';

/**
 * Redaction of a large value (an answer of megabytes recorded by a journal, or quoted by an
 * error) without holding the event loop: searching 5 MB of JSON for every form of a few secrets
 * takes most of a second, and no timer, socket or other call of the process ran meanwhile. The
 * work is cut into slices of about {@link SLICE} characters, and the loop is let go between them.
 * The result is {@link redact}'s, exactly: a long text is searched by one {@link SecretScan} that
 * goes on where it stopped (a secret across two slices is found whole), and what is small is
 * handed to `copy` as it is. A value under one slice is redacted at once, with no pause.
 */
export const SLICE = 64 * 1024;

/** How a string is scrubbed whole (the client's remembering scrub) and what a long one is searched for. */
export interface SlicedScrub {
  scrub: (text: string) => string;
  secrets: readonly string[];
  /** A journal's record: short numbers hidden only where labelled or whole (secret-forms.ts). */
  stored: boolean;
}

/** `value` redacted as {@link redact} does, the event loop let go every slice of work. */
export async function redactInSlices(value: unknown, how: SlicedScrub): Promise<unknown> {
  const pace = { work: 0 };
  return walk(value, how, pace, 0, new Set());
}

/** Whether `value` holds a slice of work or more (strings' length, and a little per field). */
export function isLarge(value: unknown): boolean {
  return weigh(value, 0, 0) >= SLICE;
}

async function walk(
  value: unknown,
  how: SlicedScrub,
  pace: { work: number },
  depth: number,
  seen: Set<object>,
): Promise<unknown> {
  if (typeof value === 'string' && value.length >= SLICE) return scrubInSlices(value, how, pace);
  const weight = weigh(value, 0, depth);
  if (weight < SLICE || depth > MAX_DEPTH || seen.has(value as object)) {
    if ((pace.work += weight) >= SLICE) await letGo(pace);
    return copy(value, how.secrets, how.scrub, depth, seen);
  }
  const container = value as object;
  seen.add(container);
  try {
    if (Array.isArray(container)) {
      const items = new Array<unknown>(container.length);
      for (let at = 0; at < container.length; at++)
        if (at in container) items[at] = await walk(container[at], how, pace, depth + 1, seen);
      return items;
    }
    if (!isPlainObject(container)) return `[${kindOf(container)}]`;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(container)) {
      const field = isSecretKey(key) ? REDACTED : await walk(item, how, pace, depth + 1, seen);
      put(result, how.scrub(key), field);
    }
    return result;
  } catch {
    return '[unreadable]';
  } finally {
    seen.delete(container);
  }
}

/** A long text searched a slice at a time, the loop let go between slices. */
async function scrubInSlices(
  text: string,
  { secrets, stored }: SlicedScrub,
  pace: { work: number },
): Promise<string> {
  const scan = new SecretScan(text, secrets, stored);
  while (scan.done < text.length) {
    scan.until(scan.done + SLICE);
    pace.work = SLICE;
    await letGo(pace);
  }
  return scan.result(REDACTED);
}

/**
 * The weight of `value` found at `depth`, added to `sum`, up to {@link SLICE}: what reading it
 * costs, as `copy` reads it (no deeper than it goes), never an exception.
 */
function weigh(value: unknown, sum: number, depth: number): number {
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
    for (const key of Object.keys(fields)) {
      sum = weigh(fields[key], key.length + sum + 24, depth + 1);
      if (sum >= SLICE) return sum;
    }
  } catch {
    // Read again by `copy`, which makes a marker of what throws.
  }
  return sum;
}

type Schedule = (run: () => void) => unknown;
const { setImmediate } = globalThis as { setImmediate?: Schedule };

/** Lets the event loop run its timers and I/O (a macrotask: microtasks alone would not). */
function letGo(pace: { work: number }): Promise<void> {
  pace.work = 0;
  return new Promise((resume) => (setImmediate ?? setTimeout)(resume));
}
