// The check of what an upload store gives back, apart from the stores themselves: only the parts
// that resume an upload or list pending ones use it, and a page's bundler puts the module of an
// exported store (localStorageUploadStore) on the page; with the check beside it, the check came
// too, as a file of its own before the first answer (esbuild --splitting: BENCHMARKS.md, size13).
import * as z from 'zod/mini';
import type { UploadRecord } from './resume-store.js';

// No z.literal, z.maxLength or z.nonnegative: nothing else of seatpay uses them, and zod's code
// for them came to every page (a page's bundler puts zod's module, and what any chunk uses of it,
// before the first answer). The same records pass: a size of 0 or more, the version 2 only, a name
// of 1 to 300 code points (as z.maxLength counts: a surrogate pair is one).
const count = z.int().check(z.gte(0));
const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));

/** Checks what a store gave back: a store may hold anything, from anyone. */
export const UploadRecordSchema = z.object({
  version: z.number().check(z.refine((version) => version === 2)),
  filename: z.string(),
  uploadName: z.string().check(
    z.minLength(1),
    z.refine((name) => [...name].length <= 300),
  ),
  operationType: z.string(),
  academy: z.nullable(z.string()),
  totalBytes: count,
  chunkSize: z.int().check(z.positive()),
  totalChunks: z.int().check(z.positive()),
  lastModified: z.nullable(z.number()),
  acknowledged: z.array(count),
  digests: z.array(sha256),
  finalizeSent: z.boolean(),
  updatedAt: z.number(),
  /** Absent in records written before it. */
  inFlight: z.optional(z.array(z.object({ index: count, digest: sha256 }))),
  /** Only on a mark that the upload is closed (closed-uploads.ts); absent in older records. */
  closed: z.optional(z.boolean()),
});

/** What a store gave back, when it is a record whose chunks are each in the plan, once, with a digest. */
export function recordOf(stored: unknown): UploadRecord | undefined {
  const parsed = UploadRecordSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { acknowledged, digests, totalChunks, inFlight = [] } = parsed.data;
  const consistent =
    inFlight.every(({ index }) => index < totalChunks) &&
    acknowledged.every((index) => index < totalChunks) &&
    new Set(acknowledged).size === acknowledged.length &&
    digests.length === acknowledged.length;
  if (!consistent) return undefined;
  const { inFlight: _recorded, ...record } = parsed.data;
  return { ...(record as UploadRecord), ...(inFlight.length > 0 ? { inFlight } : {}) };
}
