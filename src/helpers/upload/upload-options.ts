import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { MAX_TIMER_MS, parseInput } from '../../core/prepare/validate-input.js';
import { FinalizeParamsSchema, type ChunkRecord, type MediaMeta } from '../../schemas/media.js';
import type { DeliveredChunk } from './deliver-chunk.js';
import type { UploadProgress } from './progress.js';
import type { UploadStore } from './resume-store.js';
import { checkUploadOptionNames } from './upload-option-names.js';
import { checkSignal } from '../../signal-like.js';
export { checkUploadArguments } from './upload-option-names.js';
import { refuseNonSource, sourceDescription, type UploadSource } from './sources.js';

/**
 * Options of `client.media.upload`.
 * @example
 * const controller = new AbortController();
 * await client.media.upload(file, {
 *   operation_type: 'media',
 *   meta: { slug: 'intro', name: 'Intro', categories: ['video'], academy: 7 },
 *   concurrency: 4,
 *   signal: controller.signal,
 *   onProgress: ({ loadedBytes, totalBytes }) => console.log(loadedBytes / totalBytes),
 * });
 * @category Helpers
 */
export interface UploadOptions {
  /** The operation type (`media`, `proof-of-payment` ...): its settings decide the chunk size. */
  operation_type: string;
  /**
   * The file's name. Chunks and finalize carry it with a unique id added (`intro.<id>.mp4`), so no
   * other upload's chunks can be assembled into this one. Needed unless the source is a `File`.
   * @defaultValue the File's `name` (`fromPath`: the path's base name)
   */
  filename?: string;
  /**
   * The MIME type sent with every chunk and at finalize.
   * @defaultValue the Blob's `type` (`fromPath`: from the extension), else `application/octet-stream`
   */
  mime?: string;
  /** Metadata for finalize, sent JSON-encoded. */
  meta?: MediaMeta;
  /** Upload to the academy endpoints with this `Academy` header. @defaultValue the client's `academy` */
  academy?: number | string;
  /** The most chunks in flight at once (fewer for a while after a 429). @defaultValue 4 */
  concurrency?: number;
  /**
   * Milliseconds per attempt of each chunk request, and of the finalize call (which assembles
   * every chunk on the service), in place of the client's `timeout` (which bounds only the read of
   * the operation type; the client's `totalTimeout` bounds each chunk's call). It also bounds a
   * chunk's read of the source (a stream's wait for its next bytes, a Blob's or File's read for a
   * resume's digest): a read that never settles fails with `UploadSourceError`. @defaultValue 120000
   */
  chunkTimeout?: number;
  /** Retries of each chunk after its first attempt. @defaultValue the client's `maxRetries` */
  maxRetries?: number;
  /** Cancels the upload: queued chunks, requests in flight and retry waits, at once. */
  signal?: AbortSignal;
  /** Called as bytes go out and as chunks are acknowledged; see {@link UploadProgress}. */
  onProgress?: (progress: UploadProgress) => void;
  /** Called once per acknowledged chunk, with the service's chunk record. */
  onChunk?: (record: ChunkRecord, chunk: DeliveredChunk) => void;
  /**
   * Checks the file the service assembled against the source: the finalize answer's `name` must
   * be the md5 of every byte of the source (chunks acknowledged by an earlier run included), else
   * the upload rejects with `UploadDigestMismatchError`. The deployed server names files by that
   * md5, and so does the simulator; SERVICE.md does not say what `name` is, so with the 'spec'
   * profile turn it on for a server known to do the same.
   * @defaultValue true with the client's 'deployed' profile, false with 'spec'
   */
  checkDigest?: boolean;
  /**
   * Keeps the acknowledged chunks in `store`, so that after an abort, a crash or a page reload
   * the same call sends only the rest. See {@link ResumeOptions}.
   */
  resume?: ResumeOptions;
}

/**
 * Resuming uploads: where their records live, under which key, for how long. Pausing is aborting
 * (`signal`); resuming is calling `upload` again with the same source and `resume`.
 *
 * @example
 * ```ts
 * import { fileUploadStore, fromPath } from 'seatpay/node';
 *
 * const resume: ResumeOptions = { store: fileUploadStore('.uploads'), maxAge: 6 * 3_600_000 };
 * await client.media.upload(await fromPath('./talk.mp4'), { operation_type: 'media', resume });
 * ```
 * @category Helpers
 */
export interface ResumeOptions {
  /** Where records are kept: `localStorageUploadStore()`, `fileUploadStore(dir)`, or your own. */
  store: UploadStore;
  /**
   * Names the upload in the store; it must change when the bytes do. Needed for sources with no
   * modification time (bytes, streams, a Blob that is no File).
   * @defaultValue a fingerprint of the file's name, size, modification time, operation type and academy
   */
  key?: string;
  /** Milliseconds after its last write that a record is ignored. @defaultValue 86400000 (24 h) */
  maxAge?: number;
}

/** {@link UploadOptions} checked, with defaults applied. */
export interface UploadSettings {
  operation_type: string;
  filename: string;
  mime: string;
  meta: MediaMeta | undefined;
  academy: number | string | undefined;
  concurrency: number;
  chunkTimeout: number;
  maxRetries: number | undefined;
  checkDigest: boolean;
  resume:
    (Required<Pick<ResumeOptions, 'store' | 'maxAge'>> & { key: string | undefined }) | undefined;
}

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_AGE = 24 * 3_600_000;
const FALLBACK_MIME = 'application/octet-stream';
/** Longer than the client's 30 s: a 10 MiB chunk needs about 3 Mbit/s to make it in 30 s. */
const DEFAULT_CHUNK_TIMEOUT = 120_000;

/** Checks the options before any request, so a mistake costs nothing. */
export function checkUploadOptions(source: UploadSource, options: UploadOptions): UploadSettings {
  if (!options || typeof options !== 'object') {
    throw new InvalidRequestError('upload needs an options object with operation_type');
  }
  refuseNonSource(source);
  const described = sourceDescription(source);
  const filename = options.filename ?? described.filename;
  if (filename === undefined) {
    throw new InvalidRequestError(
      'A filename is needed: this source carries no name (only a File does), so pass `filename`',
      { field: 'filename' },
    );
  }
  // The finalize fields are checked now with the finalize schema, rather than after every chunk.
  const fields = parseInput(
    FinalizeParamsSchema,
    {
      operation_type: options.operation_type,
      total_chunks: 1,
      filename,
      mime: options.mime ?? described.mime ?? FALLBACK_MIME,
      meta: options.meta,
      academy: options.academy,
    },
    'options',
  );
  // A signal that is no AbortSignal made the scheduler throw a TypeError (AbortSignal.any).
  checkSignal(options.signal);
  if (options.checkDigest !== undefined && typeof options.checkDigest !== 'boolean') {
    throw new InvalidRequestError('Invalid checkDigest: must be true or false', {
      field: 'checkDigest',
    });
  }
  // A plain call's `timeout` or `totalTimeout`, from JavaScript: read by nothing, no limit at all.
  for (const name of ['timeout', 'totalTimeout']) {
    if ((options as unknown as Record<string, unknown>)[name] !== undefined) {
      throw new InvalidRequestError(
        `\`${name}\` is no upload option: give \`chunkTimeout\` (ms for each chunk's request) or, for the whole upload, \`signal: AbortSignal.timeout(ms)\`. Nothing was sent`,
        { field: name },
      );
    }
  }
  checkUploadOptionNames(options);
  for (const name of ['onProgress', 'onChunk'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new InvalidRequestError(`Invalid ${name}: must be a function`, { field: name });
    }
  }
  return {
    operation_type: fields.operation_type,
    filename: fields.filename,
    mime: fields.mime,
    meta: options.meta,
    academy: fields.academy,
    concurrency: whole('concurrency', options.concurrency, 1) ?? DEFAULT_CONCURRENCY,
    // Bounded like every timeout: past MAX_TIMER_MS a timer fires at once, failing every chunk.
    chunkTimeout:
      whole('chunkTimeout', options.chunkTimeout, 1, MAX_TIMER_MS) ?? DEFAULT_CHUNK_TIMEOUT,
    maxRetries: whole('maxRetries', options.maxRetries, 0),
    checkDigest: options.checkDigest ?? false,
    resume: checkResume(options.resume),
  };
}

function checkResume(resume: ResumeOptions | undefined): UploadSettings['resume'] {
  if (resume === undefined) return undefined;
  const store = (resume as Partial<ResumeOptions> | null)?.store;
  const methods = ['get', 'set', 'delete'] as const;
  if (!store || methods.some((name) => typeof store[name] !== 'function')) {
    throw new InvalidRequestError('Invalid resume.store: must have get, set and delete methods', {
      field: 'resume.store',
    });
  }
  if (resume.key !== undefined && (typeof resume.key !== 'string' || resume.key === '')) {
    throw new InvalidRequestError('Invalid resume.key: must be a non-empty string', {
      field: 'resume.key',
    });
  }
  return {
    store,
    key: resume.key,
    maxAge: whole('resume.maxAge', resume.maxAge, 1) ?? DEFAULT_MAX_AGE,
  };
}

function whole(name: string, value: unknown, min: number, max = Infinity): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max)
    return value;
  throw new InvalidRequestError(`Invalid ${name}: must be an integer >= ${min}`, { field: name });
}
