import type { HttpCore } from '../core/http.js';
import type { RequestOptions } from '../core/options.js';
import { routes } from '../core/routes.js';
import { parseInput } from '../core/validate-input.js';
import { NonEmptyStringSchema } from '../schemas/common.js';
import {
  ChunkParamsSchema,
  ChunkRecordSchema,
  FinalizeParamsSchema,
  MediaFileSchema,
  OperationTypeListSchema,
  OperationTypeSchema,
  type ChunkParams,
  type ChunkRecord,
  type FinalizeParams,
  type MediaFile,
  type OperationType,
} from '../schemas/media.js';

/**
 * Chunked media upload. A call goes to the `/academy/` endpoints with the `Academy` header when
 * `academy` is set on the call or the client, and to the `/me/` endpoints otherwise.
 */
export class Media {
  constructor(protected readonly core: HttpCore) {}

  /** @example const names = await client.media.operationTypes(); // ['media', 'proof-of-payment'] */
  async operationTypes(options?: RequestOptions): Promise<string[]> {
    return this.core.request(
      { route: routes.listOperationTypes, response: OperationTypeListSchema },
      options,
    );
  }

  /** @example const { chunk_size, max_chunks } = await client.media.operationType('media'); */
  async operationType(name: string, options?: RequestOptions): Promise<OperationType> {
    const params = { operation_type: parseInput(NonEmptyStringSchema, name, 'operation_type') };
    return this.core.request(
      { route: routes.getOperationType, params, response: OperationTypeSchema },
      options,
    );
  }

  /**
   * Sends one chunk (retried on its own: chunks are idempotent).
   * @example await client.media.uploadChunk({ operation_type: 'media', total_chunks: 2, chunk_index: 0, chunk: blob.slice(0, size) });
   */
  async uploadChunk(params: ChunkParams, options?: RequestOptions): Promise<ChunkRecord> {
    const { chunk, academy, ...fields } = parseInput(ChunkParamsSchema, params, 'params');
    const form = new FormData();
    form.set('operation_type', fields.operation_type);
    form.set('total_chunks', String(fields.total_chunks));
    form.set('chunk_index', String(fields.chunk_index));
    form.set('chunk', chunk, chunk instanceof File ? chunk.name : 'chunk');
    const target = this.academyOf(academy);
    const route = target === undefined ? routes.uploadChunk : routes.uploadAcademyChunk;
    return this.core.request(
      { route, body: form, academy: target, response: ChunkRecordSchema },
      options,
    );
  }

  /**
   * Assembles the uploaded chunks into a file; `meta` is sent JSON-encoded as SERVICE.md says.
   * @example const file = await client.media.finalize({ operation_type: 'media', total_chunks: 2, filename: 'a.mp4', mime: 'video/mp4' });
   */
  async finalize(params: FinalizeParams, options?: RequestOptions): Promise<MediaFile> {
    const { academy, meta, ...fields } = parseInput(FinalizeParamsSchema, params, 'params');
    const body = meta === undefined ? fields : { ...fields, meta: JSON.stringify(meta) };
    const target = this.academyOf(academy);
    const route = target === undefined ? routes.finalizeUpload : routes.finalizeAcademyUpload;
    return this.core.request({ route, body, academy: target, response: MediaFileSchema }, options);
  }

  /** The academy a media call targets: the call's own, else the client's. */
  protected academyOf(academy: number | string | undefined): number | string | undefined {
    return academy ?? this.core.academy;
  }
}
