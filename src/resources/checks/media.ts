// The checks of `client.media`, loaded on its first call (core/lazy-module.ts).
export { NonEmptyStringSchema } from '../../schemas/common.js';
export {
  ChunkParamsSchema,
  ChunkRecordSchema,
  FinalizeParamsSchema,
  MediaFileSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
} from '../../schemas/media.js';
