// What the media calls take (a chunk, the finalize body and its `meta`): exact inputs, checked
// before anything is sent. The answers' schemas are in media.ts.
import * as z from 'zod/mini';
import { NonEmptyStringSchema } from './common.js';
import type { ExactInput } from './exact-input.js';
import { AcademyInputSchema, boundedArray, JsonSafe } from './input-checks.js';

/**
 * Validates the arguments of `media.uploadChunk` before anything is sent: `chunk_index` must be
 * less than `total_chunks`, and `chunk` a `Blob` or a `Uint8Array`.
 *
 * @example
 * ```ts
 * import { ChunkParamsSchema } from 'seatpay';
 *
 * const chunk = new Uint8Array(1024);
 * ChunkParamsSchema.safeParse({ operation_type: 'media', total_chunks: 1, chunk_index: 1, chunk })
 *   .success; // false: chunk_index must be less than total_chunks
 * ```
 * @category Schemas and types
 */
export const ChunkParamsSchema = /* @__PURE__ */ z
  .object({
    /** The operation type the file is uploaded under (`'media'` ...). */
    operation_type: NonEmptyStringSchema,
    /** How many chunks the whole file has (at least 1). */
    total_chunks: /* @__PURE__ */ z
      .int({ error: 'must be an integer >= 1' })
      .check(z.gte(1, { error: 'must be an integer >= 1' })),
    /** This chunk's position, from 0 to `total_chunks - 1`. */
    chunk_index: /* @__PURE__ */ z
      .int({ error: 'must be an integer >= 0' })
      .check(z.gte(0, { error: 'must be an integer >= 0' })),
    /** The chunk's bytes: at most the operation type's `chunk_size`. */
    chunk: z.union([z.instanceof(Blob), z.custom<Uint8Array>((v) => v instanceof Uint8Array)], {
      error: 'must be a Blob or a Uint8Array',
    }),
    /** The file name of the chunk part; the deployed service matches chunks to finalize by it. */
    filename: z.optional(NonEmptyStringSchema),
    /** The `Content-Type` of the chunk part; the deployed service checks it and matches by it. */
    mime: z.optional(NonEmptyStringSchema),
    /** Use the academy endpoints with this `Academy` header (id or slug); else the client's. */
    academy: AcademyInputSchema,
  })
  .check(
    z.refine((params) => params.chunk_index < params.total_chunks, {
      error: 'must be less than total_chunks',
      path: ['chunk_index'],
    }),
  );
/**
 * The arguments of `media.uploadChunk`; the input type of {@link ChunkParamsSchema}. Most code
 * uses `media.upload`, which builds these for every chunk.
 *
 * @example
 * ```ts
 * const params: ChunkParams = {
 *   operation_type: 'media',
 *   total_chunks: 2,
 *   chunk_index: 0,
 *   chunk: file.slice(0, 10_485_760),
 *   filename: 'intro.mp4',
 * };
 * await client.media.uploadChunk(params);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ChunkParams = z.input<typeof ChunkParamsSchema>;

/**
 * Validates the `meta` of SERVICE.md, sent JSON-encoded at finalize. At run time other keys pass
 * through; the {@link MediaMeta} type names the four of SERVICE.md.
 *
 * @example
 * ```ts
 * import { MediaMetaSchema } from 'seatpay';
 *
 * MediaMetaSchema.parse({ slug: 'intro', name: 'Intro', categories: ['video'], academy: 7 });
 * ```
 * @category Schemas and types
 */
export const MediaMetaSchema = /* @__PURE__ */ z
  .looseObject({
    /** A slug for the file. */
    slug: z.optional(z.string()),
    /** A human-readable name for the file. */
    name: z.optional(z.string()),
    /** The categories to file it under (at most 10,000). */
    categories: z.optional(boundedArray(z.string(), { error: 'must be an array of strings' })),
    /** The id of the academy it belongs to. */
    academy: z.optional(z.int()),
  })
  .check(JsonSafe);
/**
 * The `meta` of `media.finalize` and `media.upload`: the fields of {@link MediaMetaSchema}, exactly.
 *
 * @example
 * ```ts
 * const meta: MediaMeta = { slug: 'intro', name: 'Intro', categories: ['video'], academy: 7 };
 * await client.media.upload(file, { operation_type: 'media', meta });
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type MediaMeta = ExactInput<typeof MediaMetaSchema>;

/**
 * Validates the arguments of `media.finalize` before anything is sent (`media.upload` checks its
 * options with it before the first chunk, too).
 *
 * @example
 * ```ts
 * import { FinalizeParamsSchema } from 'seatpay';
 *
 * FinalizeParamsSchema.safeParse({ operation_type: 'media', total_chunks: 2, filename: 'a.mp4' })
 *   .success; // false: mime is required
 * ```
 * @category Schemas and types
 */
export const FinalizeParamsSchema = z.object({
  /** The operation type the chunks were sent under. */
  operation_type: NonEmptyStringSchema,
  /** How many chunks were sent; every one must be there. */
  total_chunks: /* @__PURE__ */ z
    .int({ error: 'must be an integer >= 1' })
    .check(z.gte(1, { error: 'must be an integer >= 1' })),
  /** The file name the chunks were sent under: the service finds them by it. */
  filename: NonEmptyStringSchema,
  /** The file's MIME type. */
  mime: NonEmptyStringSchema,
  /** Metadata for the file, sent JSON-encoded. */
  meta: z.optional(MediaMetaSchema),
  /** Use the academy endpoints with this `Academy` header (id or slug); else the client's. */
  academy: AcademyInputSchema,
});
/**
 * The arguments of `media.finalize`; the input type of {@link FinalizeParamsSchema}.
 *
 * @example
 * ```ts
 * const params: FinalizeParams = {
 *   operation_type: 'media',
 *   total_chunks: 2,
 *   filename: 'intro.mp4',
 *   mime: 'video/mp4',
 *   meta: { name: 'Intro' },
 * };
 * const media = await client.media.finalize(params);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type FinalizeParams = z.input<typeof FinalizeParamsSchema>;
