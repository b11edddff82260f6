import { AbortError } from '../../core/errors/abort-error.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import type { RequestOptions } from '../../core/options.js';
import {
  OperationTypeSchema,
  type FinalizeParams,
  type MediaFile,
  type OperationType,
} from '../../schemas/media.js';
import { planChunks, type ChunkPlan } from './chunk-plan.js';
import { deliverChunk, type ChunkSender } from './deliver-chunk.js';
import { ProgressTracker } from './progress.js';
import { ChunkScheduler } from './scheduler.js';
import { openSource, type ChunkReader, type UploadSource } from './sources.js';
import { checkUploadOptions, type UploadOptions, type UploadSettings } from './upload-options.js';

export type { UploadOptions } from './upload-options.js';

/** The media calls an upload is made of (`client.media` provides them). */
export interface MediaCalls extends ChunkSender {
  operationType(name: string, options?: RequestOptions): Promise<OperationType>;
  finalize(params: FinalizeParams, options?: RequestOptions): Promise<MediaFile>;
}

/**
 * Uploads `source` in chunks and finalizes it (SERVICE.md, "Upload steps"):
 *
 * 1. reads the operation type, plans `ceil(size / chunk_size)` chunks (an empty file is one empty
 *    chunk) and rejects with `MaxChunksExceededError` before sending anything when `max_chunks`
 *    does not allow them;
 * 2. sends the chunks, `concurrency` at a time, each through `uploadChunk` and so retried on its
 *    own by the client's retry policy; a chunk the service already holds counts as delivered;
 * 3. finalizes only once every chunk is acknowledged, and never after a chunk failed for good:
 *    then it rejects with `UploadError` (`failedChunks`, `cause`).
 *
 * The signal stops everything at once; the promise settles only when nothing is left running.
 *
 * @example
 * const file = await uploadMedia(client.media, bytes, { operation_type: 'media', filename: 'a.png', mime: 'image/png' });
 */
export async function uploadMedia(
  media: MediaCalls,
  source: UploadSource,
  options: UploadOptions,
): Promise<MediaFile> {
  const settings = checkUploadOptions(source, options);
  const reader = openSource(source);
  const { signal } = options;
  try {
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    const read = await media.operationType(settings.operation_type, signal ? { signal } : {});
    const type = usable(read);
    const plan = planChunks(reader.size, type);
    const progress = new ProgressTracker(plan, options.onProgress);
    progress.start();
    await sendChunks(media, reader, plan, settings, progress, options);
    const file = await media.finalize(finalizeParams(settings, plan), {
      timeout: settings.chunkTimeout,
      ...(signal ? { signal } : {}),
    });
    progress.finish();
    if (progress.callbackError !== undefined) throw progress.callbackError;
    return file;
  } finally {
    await reader.close();
  }
}

/** Delivers every chunk of `plan`, or rejects with `UploadError` / `AbortError`. */
function sendChunks(
  media: ChunkSender,
  reader: ChunkReader,
  plan: ChunkPlan,
  settings: UploadSettings,
  progress: ProgressTracker,
  options: UploadOptions,
): Promise<void> {
  const context = {
    sender: media,
    reader,
    plan,
    fields: {
      operation_type: settings.operation_type,
      total_chunks: plan.totalChunks,
      filename: settings.filename,
      mime: settings.mime,
      academy: settings.academy,
    },
    progress,
    chunkTimeout: settings.chunkTimeout,
    maxRetries: settings.maxRetries,
    onRateLimited: () => scheduler.slowDown(),
    onChunk: options.onChunk,
  };
  const scheduler: ChunkScheduler = new ChunkScheduler({
    totalChunks: plan.totalChunks,
    concurrency: settings.concurrency,
    task: (index, signal) => deliverChunk(context, index, signal),
    signal: options.signal,
    // A stream read waits on the user's stream, not on the signal: cancel the stream itself.
    onStop: () => void reader.close(),
  });
  return scheduler.run();
}

function finalizeParams(settings: UploadSettings, plan: ChunkPlan): FinalizeParams {
  return {
    operation_type: settings.operation_type,
    total_chunks: plan.totalChunks,
    filename: settings.filename,
    mime: settings.mime,
    ...(settings.meta === undefined ? {} : { meta: settings.meta }),
    ...(settings.academy === undefined ? {} : { academy: settings.academy }),
  };
}

/**
 * The operation type, checked whatever the client's `validate` mode: the chunk plan depends on it,
 * and under 'warn' or 'off' a null or a `chunk_size` of 0 made a TypeError or endless empty chunks.
 */
function usable(type: OperationType): OperationType {
  if (OperationTypeSchema.safeParse(type).success) return type;
  throw new SeatpayError(
    'Unusable operation type: chunk_size must be an integer > 0, max_chunks an integer or null',
  );
}
