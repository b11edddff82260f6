import type { PageParts } from './page-parts.js';
import type { SlicedScrub } from './redact-large.js';
import { letGo } from './let-go.js';
import { ResumableScan } from './resumable-scan.js';

// `seatpay/node`'s redactSecretsAsync searches with it too, importing this chunk as the page does
// (a static import of resumable-scan.ts would split it into a second file for the page to load).
export { ResumableScan };
// A large answer's rows, validated in slices (validate-large.ts): the same chunk, one file.
export { validateInSlices } from './validate-in-slices.js';

/**
 * Redaction of a large value (an answer of megabytes recorded by a journal, or quoted by an
 * error) without holding the event loop: searching 5 MB of JSON for every form of a few secrets
 * takes most of a second, and no timer, socket or other call of the process ran meanwhile. The
 * work is cut into slices of about `SLICE` characters (large-value.ts), and the loop is let go between them.
 * The result is `redact`'s, exactly: a long text is searched by one {@link ResumableScan} that
 * goes on where it stopped (a secret across two slices is found whole), and what is small is
 * handed to `copy` as it is. A value under one slice is redacted at once, with no pause.
 *
 * Loaded only when a value of a slice or more must be redacted (redact-large.ts): a page whose
 * answers are small never downloads it. What it uses of the page's code is handed to it
 * (page-parts.ts), not imported.
 */

/** `value` redacted as `redact` does, the event loop let go every slice of work. */
export async function redactInSlices(
  value: unknown,
  how: SlicedScrub,
  parts: PageParts,
): Promise<unknown> {
  return walk(value, { how, parts, work: 0, path: [] }, 0);
}

/** One redaction's state: how it scrubs, the page's parts, the work since the last pause. */
interface Run {
  how: SlicedScrub;
  parts: PageParts;
  work: number;
  /** The containers walked into, by depth (as `copy`'s path, redact.ts). */
  path: unknown[];
}

async function walk(value: unknown, run: Run, depth: number): Promise<unknown> {
  const { how, parts, path } = run;
  const { SLICE, MAX_DEPTH, REDACTED } = parts;
  if (typeof value === 'string' && value.length >= SLICE) return scrubInSlices(value, run);
  const weight = parts.weigh(value, 0, depth);
  const up = path.indexOf(value);
  if (weight < SLICE || depth > MAX_DEPTH || (up !== -1 && up < depth)) {
    if ((run.work += weight) >= SLICE) await letGo(run);
    return parts.copy(value, how.secrets, how.scrub, depth, path);
  }
  const container = value as object;
  path[depth] = container;
  try {
    const list = parts.byteListOf(container); // a Buffer's JSON, as `copy` reads one (redact.ts)
    if (list !== undefined && (await scrubInSlices(list, run)) !== list) return REDACTED;
    if (Array.isArray(container)) {
      const items = new Array<unknown>(container.length);
      for (let at = 0; at < container.length; at++)
        if (at in container) items[at] = await walk(container[at], run, depth + 1);
      return items;
    }
    if (!parts.isPlainObject(container)) return `[${parts.kindOf(container)}]`;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(container)) {
      const field = parts.isSecretKey(key) ? REDACTED : await walk(item, run, depth + 1);
      parts.put(result, how.scrub(key), field);
    }
    return result;
  } catch {
    return '[unreadable]';
  }
}

/** A long text searched a slice at a time, the loop let go between slices. */
async function scrubInSlices(text: string, run: Run): Promise<string> {
  const { how, parts } = run;
  const scan = new ResumableScan(text, how.secrets, how.stored, parts);
  while (scan.done < text.length) {
    scan.until(scan.done + parts.SLICE);
    await letGo(run);
  }
  return scan.result(parts.REDACTED);
}
