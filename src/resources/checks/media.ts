// The checks of `client.media` (zod schemas), imported with the family's resource.
export { NonEmptyStringSchema } from '../../schemas/common.js';
export {
  ChunkParamsSchema,
  ChunkRecordSchema,
  FinalizeParamsSchema,
  MediaFileSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
} from '../../schemas/media.js';
