import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/request.js';
import { LazyModule } from '../core/lazy-module.js';
import { MultipartBody } from '../core/prepare/multipart.js';
import { rangeReaderOf } from '../helpers/upload/byte-ranges.js';
import type { RequestOptions } from '../core/setup/options.js';
import { parseInput } from '../core/prepare/validate-input.js';
import type { UploadSource } from '../helpers/upload/sources.js';
import type { UploadOptions } from '../helpers/upload/upload.js';
import type { PendingUpload } from '../helpers/upload/pending-uploads.js';
import type { UploadStore } from '../helpers/upload/resume-store.js';

import type {
  ChunkParams,
  ChunkRecord,
  FinalizeParams,
  MediaFile,
  OperationType,
} from '../schemas/media.js';
// The family's schemas (zod): loaded with the page, so that a first call waits for no code.
import { ChunkParamsSchema, ChunkRecordSchema, FinalizeParamsSchema } from './checks/media.js';
import { MediaFileSchema, NonEmptyStringSchema } from './checks/media.js';
import { OperationTypeListSchema, OperationTypeSchema } from './checks/media.js';
// The upload helper and the listing of unfinished uploads, loaded on first use.
const uploadModule = /* @__PURE__ */ new LazyModule(() => import('../helpers/upload/upload.js'));
const pendingUploadsModule = /* @__PURE__ */ new LazyModule(
  () => import('../helpers/upload/pending-uploads.js'),
);

/**
 * Chunked media upload. A call goes to the `/academy/` endpoints with the `Academy` header when
 * `academy` is set on the call or the client, and to the `/me/` endpoints otherwise. Reached as
 * `client.media`; most code needs only {@link MediaResource.upload | upload}.
 *
 * @example
 * ```ts
 * const file = await client.media.upload(blob, { operation_type: 'media', filename: 'intro.mp4' });
 * console.log(file.id, file.status);
 * ```
 * @category Resources
 */
export class MediaResource {
  // Private: a printed or cloned resource shows nothing of the client (its token).
  readonly #core: HttpCore;

  /**
   * Builds the resource alone on the request path from {@link createCore}, for bundles that need
   * only this family of the service; `createClient` builds every resource for you.
   *
   * @example
   * ```ts
   * const media = new MediaResource(createCore({ baseUrl: 'https://api.example.com', token }));
   * ```
   */
  constructor(core: HttpCore) {
    this.#core = core;
  }

  /**
   * The names of the operation types the service accepts uploads for.
   *
   * @example
   * ```ts
   * const names = await client.media.operationTypes(); // ['media', 'proof-of-payment']
   * ```
   */
  operationTypes(options?: RequestOptions): APIPromise<string[]> {
    return this.#core.request(
      null,
      () => ({
        route: this.#core.routes.listOperationTypes,
        response: OperationTypeListSchema,
      }),
      options,
    );
  }

  /**
   * The upload settings of an operation type: the chunk size, and the bound on the chunk count.
   *
   * @example
   * ```ts
   * const { chunk_size, max_chunks } = await client.media.operationType('media');
   * ```
   */
  operationType(name: string, options?: RequestOptions): APIPromise<OperationType> {
    return this.#core.request(
      null,
      () => {
        const params = {
          operation_type: parseInput(NonEmptyStringSchema, name, 'operation_type'),
        };
        return {
          route: this.#core.routes.getOperationType,
          params,
          response: OperationTypeSchema,
        };
      },
      options,
    );
  }

  /**
   * Sends one chunk (retried on its own: chunks are idempotent). The part goes out under
   * `filename` (else the File's name, else `chunk`) with type `mime` (else the Blob's type).
   *
   * @example
   * ```ts
   * const { chunk_size } = await client.media.operationType('media');
   * await client.media.uploadChunk({
   *   operation_type: 'media',
   *   total_chunks: 2,
   *   chunk_index: 0,
   *   chunk: blob.slice(0, chunk_size),
   *   filename: 'intro.mp4',
   * });
   * ```
   */
  uploadChunk(params: ChunkParams, options?: RequestOptions): APIPromise<ChunkRecord> {
    return this.#core.request(
      null,
      () => {
        const { academy, ...fields } = parseInput(ChunkParamsSchema, params, 'params');
        const body = chunkBody(fields);
        const target = this.academyOf(academy);
        const route =
          target === undefined
            ? this.#core.routes.uploadChunk
            : this.#core.routes.uploadAcademyChunk;
        return { route, body, academy: target, response: ChunkRecordSchema };
      },
      options,
    );
  }

  /**
   * Uploads a whole file: reads the operation type, sends the chunks concurrently (each retried on
   * its own), and finalizes once every chunk is acknowledged. See {@link UploadOptions}.
   *
   * @example
   * ```ts
   * const file = await client.media.upload(new File([bytes], 'cat.png', { type: 'image/png' }), {
   *   operation_type: 'media',
   *   meta: { slug: 'cat', name: 'Cat', categories: [], academy: 7 },
   *   onProgress: ({ loadedBytes, totalBytes }) => console.log(`${loadedBytes} / ${totalBytes}`),
   * });
   * ```
   */
  upload(source: UploadSource, options: UploadOptions): Promise<MediaFile> {
    // A third argument from JavaScript (a signal, as other libraries take one) is refused there.
    // eslint-disable-next-line prefer-rest-params -- no third parameter in the public signature
    const third: unknown = arguments[2];
    // The academy the chunks go to is part of the resume fingerprint: the client's when not given.
    const academy = options?.academy ?? this.#core.academy;
    // The deployed server names a file by the md5 of what it assembled: checked unless turned off.
    const deployed = this.#core.describe().profile === 'deployed';
    const checkDigest = options?.checkDigest ?? deployed;
    const given = !options
      ? options
      : { ...options, checkDigest, ...(academy === undefined ? {} : { academy }) };
    // Loaded on first use, in a chunk of its own: a page that never uploads does not ship it.
    // Traced, it is one span around its every chunk's attempts.
    const wait = { signal: options?.signal };
    return this.#core.observe(
      'seatpay.upload',
      (notes) =>
        uploadModule
          .load(wait)
          .then(({ uploadMedia, checkUploadArguments }) => {
            checkUploadArguments(options, third);
            // The client's totalTimeout ends each chunk's call: the upload bounds its probes by it.
            // The deployed server echoes each chunk's name: another name is checked (chunk-answer.ts).
            return uploadMedia(
              this,
              source,
              given,
              this.#core.log,
              notes,
              this.#core.totalTimeout,
              deployed,
            );
          })
          .catch((error: unknown) => {
            // A callback (onProgress, onChunk, the resume store) may throw anything, quoting anything.
            throw this.#core.scrub(error);
          }),
      wait,
    );
  }

  /**
   * What `onProgress` can report within a chunk: `'bytes'` where chunks go through a sender that
   * counts the bytes going out (browsers' XMLHttpRequest, Node's), `'chunks'` where the client was
   * given its own `fetch` (or the runtime's fetch sends chunks: Workers, Deno, Bun): progress then
   * moves once per acknowledged chunk.
   *
   * @example
   * ```ts
   * if (client.media.uploadProgress === 'chunks') console.log('progress moves chunk by chunk');
   * ```
   */
  get uploadProgress(): 'bytes' | 'chunks' {
    return this.#core.chunkProgress;
  }

  /**
   * The unfinished uploads `store` holds (uploads made with `resume: { store }`), the latest
   * first: after a page reload, what to offer to resume. Resume one by uploading the same file
   * again with the same store; drop it with {@link MediaResource.discardUpload | discardUpload}.
   * Sends nothing.
   *
   * @example
   * ```ts
   * const [last] = await client.media.pendingUploads(localStorageUploadStore());
   * if (last) console.log(`${last.filename}: ${last.bytesDone} of ${last.totalBytes} bytes sent`);
   * ```
   */
  pendingUploads(store: UploadStore): Promise<PendingUpload[]> {
    return pendingUploadsModule
      .load()
      .then((loaded) => loaded.pendingUploads(store))
      .catch((error: unknown) => {
        throw this.#core.scrub(error);
      });
  }

  /**
   * Forgets an unfinished upload of `store` (its `key` from `pendingUploads`): uploading the file
   * again then starts afresh. The chunks the service holds are left to its own cleanup.
   *
   * @example
   * ```ts
   * for (const { key } of await client.media.pendingUploads(store)) await client.media.discardUpload(store, key);
   * ```
   */
  async discardUpload(store: UploadStore, key: string): Promise<void> {
    const checked = parseInput(NonEmptyStringSchema, key, 'key');
    const loaded = await pendingUploadsModule.load();
    await loaded.discardUpload(store, checked).catch((error: unknown) => {
      throw this.#core.scrub(error);
    });
  }

  /**
   * Assembles the uploaded chunks into a file; `meta` is sent JSON-encoded as SERVICE.md says (as
   * an object under `profile: 'deployed'`).
   * Call it once every chunk is acknowledged. Not retried unless it cannot have been processed.
   *
   * @example
   * ```ts
   * const file = await client.media.finalize({
   *   operation_type: 'media',
   *   total_chunks: 2,
   *   filename: 'intro.mp4',
   *   mime: 'video/mp4',
   *   meta: { name: 'Intro' },
   * });
   * ```
   */
  finalize(params: FinalizeParams, options?: RequestOptions): APIPromise<MediaFile> {
    return this.#core.request(
      null,
      () => {
        // `meta` goes as the route says: JSON-encoded under SERVICE.md, an object on the deployed server.
        const { academy, ...body } = parseInput(FinalizeParamsSchema, params, 'params');
        const target = this.academyOf(academy);
        const route =
          target === undefined
            ? this.#core.routes.finalizeUpload
            : this.#core.routes.finalizeAcademyUpload;
        return { route, body, academy: target, response: MediaFileSchema };
      },
      options,
    );
  }

  /** The academy a media call targets: the call's own, else the client's. */
  protected academyOf(academy: number | string | undefined): number | string | undefined {
    return academy ?? this.#core.academy;
  }
}

/** The multipart body of one chunk: SERVICE.md's four fields, the bytes last. */
function chunkBody(params: Omit<ChunkParams, 'academy'>): MultipartBody {
  const { chunk, filename, mime } = params;
  return new MultipartBody(
    [
      ['operation_type', params.operation_type],
      ['total_chunks', String(params.total_chunks)],
      ['chunk_index', String(params.chunk_index)],
    ],
    {
      name: 'chunk',
      filename: filename ?? ((chunk instanceof File && chunk.name) || 'chunk'),
      type: mime ?? ((chunk instanceof Blob && chunk.type) || 'application/octet-stream'),
      data: chunk,
      read: rangeReaderOf(chunk),
    },
  );
}
