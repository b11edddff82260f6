import * as z from 'zod/mini';
import { openEnum, optionalNullable } from './common.js';

/**
 * Validates the operation types listing: their names, such as `['media', 'proof-of-payment']`.
 *
 * @example
 * ```ts
 * import { OperationTypeListSchema } from 'seatpay';
 *
 * OperationTypeListSchema.parse(['media', 'proof-of-payment']);
 * ```
 * @category Schemas and types
 */
export const OperationTypeListSchema = z.array(z.string());

/**
 * Validates an operation type's upload settings, which decide how a file is cut into chunks.
 *
 * @example
 * ```ts
 * import { OperationTypeSchema } from 'seatpay';
 *
 * OperationTypeSchema.parse({ chunk_size: 10_485_760, max_chunks: null }); // 10 MiB, no bound
 * ```
 * @category Schemas and types
 */
export const OperationTypeSchema = z.looseObject({
  /** The most bytes one chunk may hold (10 MiB for `media`). */
  chunk_size: /* @__PURE__ */ z.int().check(z.positive()),
  /** When not null, a file's chunk count must be less than this; null means no bound. */
  max_chunks: z.nullable(z.int()),
});
/**
 * An operation type's upload settings; inferred from {@link OperationTypeSchema}.
 *
 * @example
 * ```ts
 * const type: OperationType = await client.media.operationType('media');
 * const chunks = Math.max(1, Math.ceil(file.size / type.chunk_size));
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type OperationType = {
  [K in keyof z.infer<typeof OperationTypeSchema>]: z.infer<typeof OperationTypeSchema>[K];
};

const AcademyRefSchema = z.optional(z.nullable(z.union([z.int(), z.string()])));

/**
 * Validates the service's record of one received chunk, as `media.uploadChunk` answers it.
 *
 * @example
 * ```ts
 * import { ChunkRecordSchema } from 'seatpay';
 *
 * ChunkRecordSchema.parse({ chunk_index: 0, operation_type: 'media', total_chunks: 2 });
 * ```
 * @category Schemas and types
 */
export const ChunkRecordSchema = z.looseObject({
  /** The academy the chunk was sent for, or null for a `/me/` upload. */
  academy: AcademyRefSchema,
  /** The chunk's position in the file, from 0. */
  chunk_index: z.int(),
  /** The type the chunk was sent with. */
  mime: z.optional(z.string()),
  /** The file name the chunk was sent under; finalize finds the chunks by it. */
  name: z.optional(z.string()),
  /** The operation type the chunk belongs to. */
  operation_type: z.string(),
  /** How many chunks the whole file has. */
  total_chunks: z.int(),
  /** The user who sent it. */
  user: z.optional(z.nullable(z.int())),
});
/**
 * The service's record of one received chunk; inferred from {@link ChunkRecordSchema}. It is
 * also what `onChunk` receives during `media.upload`.
 *
 * @example
 * ```ts
 * const record: ChunkRecord = await client.media.uploadChunk({
 *   operation_type: 'media',
 *   total_chunks: 1,
 *   chunk_index: 0,
 *   chunk: file,
 * });
 * console.log(`chunk ${record.chunk_index + 1}/${record.total_chunks} received`);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ChunkRecord = {
  [K in keyof z.infer<typeof ChunkRecordSchema>]: z.infer<typeof ChunkRecordSchema>[K];
};

/**
 * Validates a media file's status: `TRANSFERRING` while the service processes it, `CREATED` when
 * it is ready (SERVICE.md: its id then goes to another endpoint). Open: any other string passes.
 *
 * @example
 * ```ts
 * import { MediaFileStatusSchema } from 'seatpay';
 *
 * MediaFileStatusSchema.parse('CREATED');
 * ```
 * @category Schemas and types
 */
export const MediaFileStatusSchema = openEnum<'TRANSFERRING' | 'CREATED'>();
/**
 * A media file's status: `'TRANSFERRING'`, `'CREATED'` (autocompleted), or a value seatpay does
 * not know yet (the deployed server's processing later ends in `'TRANSFERRED'` or `'ERROR'`),
 * typed as `string`.
 *
 * @example
 * ```ts
 * const status: MediaFileStatus = (await client.media.upload(file, { operation_type: 'media' }))
 *   .status;
 * if (status === 'CREATED') console.log('ready: pass its id to the processing endpoint');
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type MediaFileStatus = z.infer<typeof MediaFileStatusSchema>;

/**
 * Validates a finalized file, as `media.finalize` (and so `media.upload`) answers it.
 *
 * @example
 * ```ts
 * import { MediaFileSchema } from 'seatpay';
 *
 * MediaFileSchema.parse({ id: 1, name: '9e107d9d372bb6826bd81d3542a419d6', status: 'CREATED' });
 * ```
 * @category Schemas and types
 */
export const MediaFileSchema = z.looseObject({
  /** The file's numeric id: what the service's processing endpoints take once it is `CREATED`. */
  id: z.int(),
  /** The academy it was uploaded for, or null for a `/me/` upload. */
  academy: AcademyRefSchema,
  /** The file's MIME type. */
  mime: z.optional(z.string()),
  /** The name the service gave the file (not the uploaded `filename`). */
  name: z.string(),
  /** The operation type it was uploaded under. */
  operation_type: z.optional(z.string()),
  /** The user who uploaded it. */
  user: z.optional(z.nullable(z.int())),
  /** `'TRANSFERRING'` while the service processes it, then `'CREATED'`. */
  status: MediaFileStatusSchema,
  /** The notification that will say when processing ends, while `TRANSFERRING`; else null. */
  notification: optionalNullable(z.int()),
});
/**
 * A finalized file; inferred from {@link MediaFileSchema}.
 *
 * @example
 * ```ts
 * const media: MediaFile = await client.media.upload(file, { operation_type: 'media' });
 * console.log(media.id, media.status); // 'TRANSFERRING' or 'CREATED'
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type MediaFile = {
  [K in keyof z.infer<typeof MediaFileSchema>]: z.infer<typeof MediaFileSchema>[K];
};

export * from './media-inputs.js';
