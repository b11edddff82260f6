import v8 from 'node:v8';
import vm from 'node:vm';
import type { PieceReader } from '../helpers/upload/chunk-reader.js';

/**
 * Bytes of pieces read between two young collections: the most dead pieces left waiting, give or
 * take the piece read at the collection and the stream's queue (BENCHMARKS.md, stream20: 2 to 16
 * MiB measured, 4 the lowest CPU with RSS within 2 MiB of 2's).
 */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

/** V8's own `gc` function (its gc extension), given `{ type: 'minor' }`: one scavenge. */
type Collect = (options: { type: 'minor' }) => void;

/** Found at the first stream that needs it: `null` where the runtime gives none (Bun, Deno). */
let found: Collect | null | undefined;

/**
 * Reads a stream whose pieces the upload may not free (a default web stream, any Readable but a
 * plain file stream), collecting V8's young generation after every {@link COLLECT_EVERY_BYTES}
 * read. Each such piece is dead once copied into its chunk, but its memory waits for a
 * collection, and the upload allocates too little on V8's heap for one to come: up to 64 MiB of
 * pieces piled up before a full collection (some 27 ms of CPU each, 6 to 22 per 256 MiB), twice
 * the upload's own chunk buffers (BENCHMARKS.md, issue 40). A young collection (a scavenge, a
 * tenth of a millisecond here) frees every piece that died young, which a piece copied at once
 * does. Its cost to the rest of the process: objects alive at two scavenges are promoted to the
 * old generation a little sooner than V8 would have.
 */
export function collectedStreamPieces(pieces: PieceReader): PieceReader {
  const collect = (found ??= youngCollector() ?? null);
  if (!collect) return pieces;
  let sinceCollected = 0;
  return {
    next: async () => {
      // Before the next read, while the upload holds no piece: the last ones are all dead.
      if (sinceCollected >= COLLECT_EVERY_BYTES) {
        sinceCollected = 0;
        collect({ type: 'minor' });
      }
      const result = await pieces.next();
      const piece = result.value as { byteLength?: unknown } | undefined;
      if (typeof piece?.byteLength === 'number') sinceCollected += piece.byteLength;
      return result;
    },
    cancel: () => pieces.cancel(),
  };
}

/**
 * The process's `gc` where it was started with `--expose-gc`; else V8's gc extension, installed
 * in one new context of its own: the flag is set for that context's creation and cleared at once, so no later context (the process's own
 * `vm` contexts, its workers) gets a `gc` it did not ask for. Cleared only if it was off: started
 * with `--expose-gc-as=<name>`, the process's later contexts keep their `<name>` (the upload, not
 * knowing the name, goes without).
 */
function youngCollector(): Collect | undefined {
  const own = (globalThis as { gc?: unknown }).gc;
  if (typeof own === 'function') return own as Collect;
  try {
    const before = freshGlobal();
    v8.setFlagsFromString('--expose-gc');
    let after: Record<string, unknown> | undefined;
    try {
      after = freshGlobal();
    } finally {
      // The flag was on already (under another name) where setting it added nothing to a context.
      const wasOn = after && Object.keys(after).length === Object.keys(before).length;
      if (!wasOn) v8.setFlagsFromString('--no-expose-gc');
    }
    return typeof after.gc === 'function' ? (after.gc as Collect) : undefined;
  } catch {
    return undefined; // a runtime without V8's flags or its gc extension
  }
}

/** A new context's own global names (the extensions installed at its creation), and its `gc`. */
function freshGlobal(): Record<string, unknown> {
  return vm.runInNewContext(
    'Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, globalThis[name]]))',
  ) as Record<string, unknown>;
}
