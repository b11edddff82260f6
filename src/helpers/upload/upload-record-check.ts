// The check of what an upload store gives back, apart from the stores themselves: only the parts
// that resume an upload or list pending ones use it, and a page's bundler puts the module of an
// exported store (localStorageUploadStore) on the page; with the check beside it, the check came
// too, as a file of its own before the first answer (esbuild --splitting: BENCHMARKS.md, size13).
import * as z from 'zod/mini';
import type { UploadRecord } from './resume-store.js';

const count = z.int().check(z.nonnegative());

/** Checks what a store gave back: a store may hold anything, from anyone. */
export const UploadRecordSchema = z.object({
  version: z.literal(2),
  filename: z.string(),
  uploadName: z.string().check(z.minLength(1), z.maxLength(300)),
  operationType: z.string(),
  academy: z.nullable(z.string()),
  totalBytes: count,
  chunkSize: z.int().check(z.positive()),
  totalChunks: z.int().check(z.positive()),
  lastModified: z.nullable(z.number()),
  acknowledged: z.array(count),
  digests: z.array(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  finalizeSent: z.boolean(),
  updatedAt: z.number(),
});

/** What a store gave back, when it is a record whose chunks are each in the plan, once, with a digest. */
export function recordOf(stored: unknown): UploadRecord | undefined {
  const parsed = UploadRecordSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const { acknowledged, digests, totalChunks } = parsed.data;
  const consistent =
    acknowledged.every((index) => index < totalChunks) &&
    new Set(acknowledged).size === acknowledged.length &&
    digests.length === acknowledged.length;
  return consistent ? (parsed.data as UploadRecord) : undefined;
}
