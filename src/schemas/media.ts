import * as z from 'zod/mini';
import { NonEmptyStringSchema, openEnum } from './common.js';
import { AcademyInputSchema, JsonSafe } from './input-checks.js';

export const OperationTypeListSchema = z.array(z.string());

export const OperationTypeSchema = z.looseObject({
  chunk_size: z.int().check(z.positive()),
  max_chunks: z.nullable(z.int()),
});
export type OperationType = z.infer<typeof OperationTypeSchema>;

const AcademyRefSchema = z.optional(z.nullable(z.union([z.int(), z.string()])));

export const ChunkRecordSchema = z.looseObject({
  academy: AcademyRefSchema,
  chunk_index: z.int(),
  mime: z.optional(z.string()),
  name: z.optional(z.string()),
  operation_type: z.string(),
  total_chunks: z.int(),
  user: z.optional(z.nullable(z.int())),
});
export type ChunkRecord = z.infer<typeof ChunkRecordSchema>;

export const MediaFileStatusSchema = openEnum(['TRANSFERRING', 'CREATED'] as const);

export const MediaFileSchema = z.looseObject({
  id: z.int(),
  academy: AcademyRefSchema,
  mime: z.optional(z.string()),
  name: z.string(),
  operation_type: z.optional(z.string()),
  user: z.optional(z.nullable(z.int())),
  status: MediaFileStatusSchema,
});
export type MediaFile = z.infer<typeof MediaFileSchema>;

export const ChunkParamsSchema = z
  .object({
    operation_type: NonEmptyStringSchema,
    total_chunks: z
      .int({ error: 'must be an integer >= 1' })
      .check(z.gte(1, { error: 'must be an integer >= 1' })),
    chunk_index: z
      .int({ error: 'must be an integer >= 0' })
      .check(z.gte(0, { error: 'must be an integer >= 0' })),
    chunk: z.union([z.instanceof(Blob), z.custom<Uint8Array>((v) => v instanceof Uint8Array)], {
      error: 'must be a Blob or a Uint8Array',
    }),
    /** The file name of the chunk part; the deployed service matches chunks to finalize by it. */
    filename: z.optional(NonEmptyStringSchema),
    /** The `Content-Type` of the chunk part; the deployed service checks it and matches by it. */
    mime: z.optional(NonEmptyStringSchema),
    academy: AcademyInputSchema,
  })
  .check(
    z.refine((params) => params.chunk_index < params.total_chunks, {
      error: 'must be less than total_chunks',
      path: ['chunk_index'],
    }),
  );
export type ChunkParams = z.input<typeof ChunkParamsSchema>;

/** The `meta` of SERVICE.md; sent JSON-encoded. Other keys pass through. */
export const MediaMetaSchema = z
  .looseObject({
    slug: z.optional(z.string()),
    name: z.optional(z.string()),
    categories: z.optional(z.array(z.string())),
    academy: z.optional(z.int()),
  })
  .check(JsonSafe);
export type MediaMeta = z.input<typeof MediaMetaSchema>;

export const FinalizeParamsSchema = z.object({
  operation_type: NonEmptyStringSchema,
  total_chunks: z
    .int({ error: 'must be an integer >= 1' })
    .check(z.gte(1, { error: 'must be an integer >= 1' })),
  filename: NonEmptyStringSchema,
  mime: NonEmptyStringSchema,
  meta: z.optional(MediaMetaSchema),
  academy: AcademyInputSchema,
});
export type FinalizeParams = z.input<typeof FinalizeParamsSchema>;
