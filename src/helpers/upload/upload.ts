import { platform } from '#platform';
import { AbortError } from '../../core/errors/abort-error.js';
import { UploadError, UploadMayExistError, UploadSourceError } from '../helper-errors.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import type { RequestOptions } from '../../core/setup/options.js';
import type { OperationNotes } from '../../core/observe/operation-notes.js';
import { OperationTypeSchema, type MediaFile, type OperationType } from '../../schemas/media.js';
import type { IncrementalDigest } from '../../platform/platform.js';
import { untilAborted } from '../../core/retry/until-aborted.js';
import { typeReadFailed, uploadTimedOut } from './upload-timeout.js';
import { planChunks, type ChunkPlan } from './chunk-plan.js';
import { deliverChunk, type ChunkSender } from './deliver-chunk.js';
import { finalizeOnce, finalizeParams, type UploadFinalizer } from './finalize-once.js';
import { resumeKey, sourceIdentity } from './fingerprint.js';
import { ProgressTracker } from './progress.js';
import { racedStore } from './raced-store.js';
import { UploadSession, type ResumeTarget, type Warner } from './resume-session.js';
import { ChunkScheduler } from './scheduler.js';
import { sourceFailureIn } from './source-read-error.js';
import { openSource, type ChunkReader, type UploadSource } from './sources.js';
import { InOrderDigest, openMd5 } from './whole-digest.js';
import { checkWhole } from './assembled-file.js';
import { checkUploadOptions, type UploadOptions, type UploadSettings } from './upload-options.js';

export { checkUploadArguments, type UploadOptions } from './upload-options.js';

/**
 * The bytes of a stream's chunks held at once when they go out as they are read (see
 * `holdAtMost`), and never fewer than two chunks: the one read and sent, the one waiting for its
 * answer. More chunks in flight hide the answers' latency; each holds `chunk_size` bytes.
 */
const STREAMED_BYTES_HELD = 32 * 1024 * 1024;

/** The media calls an upload is made of (`client.media` provides them). */
export interface MediaCalls extends ChunkSender, UploadFinalizer {
  operationType(name: string, options?: RequestOptions): Promise<OperationType>;
  /** `'bytes'`: chunks go through the platform's chunk sender (no `fetch` given to the client). */
  readonly uploadProgress?: 'bytes' | 'chunks';
}

/**
 * Uploads `source` in chunks and finalizes it (SERVICE.md, "Upload steps"):
 *
 * 1. reads the operation type, plans `ceil(size / chunk_size)` chunks (an empty file is one empty
 *    chunk) and rejects with `MaxChunksExceededError` before sending anything when `max_chunks`
 *    does not allow them;
 * 2. names the upload uniquely (`uploadName`), or takes the name and the acknowledged chunks of
 *    its resume record once the source's bytes match their digests (else it starts afresh); a
 *    record whose finalize was sent with no answer rejects with `UploadMayExistError`;
 * 3. sends the other chunks, `concurrency` at a time, each through `uploadChunk` and so retried on
 *    its own by the client's retry policy; a chunk the service already holds counts as delivered
 *    (under this upload's unique name, it can only be this upload's);
 * 4. finalizes only once every chunk is acknowledged, and never after a chunk failed for good:
 *    then it rejects with `UploadError` (`failedChunks`, `cause`). A finalized upload's resume
 *    record is deleted.
 *
 * The signal stops everything at once; the promise settles only when nothing is left running.
 *
 * @example
 * const file = await uploadMedia(client.media, bytes, { operation_type: 'media', filename: 'a.png', mime: 'image/png' }, console, notes);
 */
export async function uploadMedia(
  media: MediaCalls,
  source: UploadSource,
  options: UploadOptions,
  log: Warner,
  notes: OperationNotes,
  /** The client's `totalTimeout`, which the core applies to each chunk's call. */
  callTimeout?: number,
  /** The service echoes a chunk's name in its answer (the deployed profile): checked. */
  echoesNames = false,
): Promise<MediaFile> {
  const settings = checkUploadOptions(source, options);
  const reader = openSource(source);
  reader.stallAfter?.(settings.chunkTimeout);
  const { signal } = options;
  let opened: UploadSession | undefined;
  let hashing: IncrementalDigest | undefined;
  let resumeKey: string | undefined;
  let finalized = false;
  let finalizing = false; // past this, a stop may leave the file made
  try {
    // The resume key is checked before any request: a missing key costs nothing.
    const resumeOf = resumeFor(source, settings, reader.size, signal, log);
    resumeKey = resumeOf.stored?.key;
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    const read = await media
      .operationType(settings.operation_type, signal ? { signal } : {})
      .catch((error: unknown) => Promise.reject(typeReadFailed(error, signal)));
    const plan = planChunks(reader.size, usable(read));
    // Before the session opens: a resumed stream's acknowledged chunks are read (and hashed) then.
    const digest = settings.checkDigest ? await openMd5() : undefined;
    if (digest && reader.sequential) reader.observe?.((bytes) => digest.update(bytes));
    hashing = digest;
    // A stream's chunks go out as they are read where the sender streams parts, with their
    // memory bounded (10 MiB chunks: three held, whatever the concurrency).
    const streamsParts =
      media.uploadProgress === 'bytes' && platform.chunkSender?.streamsParts === true;
    if (streamsParts) {
      reader.holdAtMost?.(Math.max(2, Math.floor(STREAMED_BYTES_HELD / plan.chunkSize)));
    }
    const session = await UploadSession.open(
      { ...resumeOf.target, plan },
      resumeOf.stored,
      log,
      reader,
      { concurrency: settings.concurrency, signal, readMs: settings.chunkTimeout },
    );
    opened = session;
    if (session.finalizedBefore)
      throw new UploadMayExistError({ uploadName: session.uploadName, resumeKey: resumeKey! });
    notes.set({
      'seatpay.upload.size': reader.size,
      'seatpay.upload.chunks': plan.totalChunks,
      'seatpay.upload.resumed_chunks': session.acknowledged.size,
    });
    const progress = new ProgressTracker(plan, options.onProgress, {
      chunks: session.acknowledged.size,
      bytes: session.bytesDone(),
    });
    progress.start();
    // A Blob's, a file's or bytes' md5 is taken from the chunks as they are read to be sent.
    const inOrder =
      digest && !reader.sequential
        ? new InOrderDigest(reader, plan, digest, new Set(session.acknowledged))
        : undefined;
    try {
      await sendChunks(
        media,
        inOrder ?? reader,
        plan,
        session,
        progress,
        settings,
        options,
        streamsParts,
        callTimeout,
        echoesNames,
      );
      // A resumed upload may have the whole source left to hash: that wait ends with the signal.
      if (inOrder) await untilAborted(inOrder.result, signal);
    } finally {
      // Nothing left running once the call settles: the hash stops at its next piece.
      await inOrder?.close();
      // Whatever happened, what was acknowledged is in the store before the call settles; after
      // the signal fired, the writes go on but the call no longer waits for them.
      session.stopping(signal?.aborted === true);
      await untilAborted(session.flush(), signal).catch(() => undefined);
    }
    finalizing = true;
    const file = await finalizeOnce(media, finalizeParams(settings, plan, session.uploadName), {
      session,
      timeout: settings.chunkTimeout,
      signal,
    });
    finalized = true;
    await session.finished();
    if (digest) checkWhole(file, await (inOrder ? inOrder.result : digest.digest()));
    progress.finish();
    if (progress.callbackError !== undefined) throw progress.callbackError;
    return file;
  } catch (error) {
    // A read outside the chunks' own (a resumed chunk read for its digest or its md5).
    // A lock lost once the file was made says nothing of it: the file's own outcome stands. Nor
    // does one that answers "not held" after the user's abort (a lock the abort freed): it wins.
    const aborted = error instanceof AbortError && signal?.aborted === true;
    const lost = finalized || aborted ? undefined : opened?.watch?.lost;
    throw (
      lost ?? uploadTimedOut(sourceFailed(error, opened?.uploadName, resumeKey), signal, finalizing)
    );
  } finally {
    hashing?.close?.();
    opened?.settled();
    await reader.close();
  }
}

/** What the upload's resume record must match, and where it is kept (when `resume` is given). */
function resumeFor(
  source: UploadSource,
  settings: UploadSettings,
  size: number,
  signal: AbortSignal | undefined,
  log: Warner,
) {
  const academy = settings.academy === undefined ? null : String(settings.academy);
  const target: Omit<ResumeTarget, 'plan'> = {
    identity: sourceIdentity(source, settings.filename, size),
    operationType: settings.operation_type,
    academy,
  };
  const { resume } = settings;
  const stored = resume && {
    store: racedStore(resume.store, signal, settings.chunkTimeout, log),
    owner: resume.store,
    maxAge: resume.maxAge,
    signal,
    key: resumeKey(resume.key, target.identity, settings.operation_type, academy),
  };
  return { target, stored };
}

/** Delivers every chunk not yet acknowledged, or rejects with `UploadError` / `AbortError`. */
function sendChunks(
  media: ChunkSender,
  reader: ChunkReader,
  plan: ChunkPlan,
  session: UploadSession,
  progress: ProgressTracker,
  settings: UploadSettings,
  options: UploadOptions,
  streamsParts: boolean,
  callTimeout: number | undefined,
  echoesNames: boolean,
): Promise<void> {
  const context = {
    sender: media,
    echoedName: echoesNames ? session.uploadName : undefined,
    streamsParts,
    checksFirst: (index: number) => session.checksFirst(index),
    reader,
    plan,
    fields: {
      operation_type: settings.operation_type,
      total_chunks: plan.totalChunks,
      filename: session.uploadName,
      mime: settings.mime,
      academy: settings.academy,
    },
    progress,
    chunkTimeout: settings.chunkTimeout,
    callTimeout,
    maxRetries: settings.maxRetries,
    onRateLimited: () => scheduler.slowDown(),
    check: (index: number, chunk: Blob | Uint8Array, signal: AbortSignal) =>
      session.check(index, chunk, signal),
    claimHeld: session.claimHeld.bind(session),
    onAcknowledged: (index: number, digest: string | undefined) =>
      session.acknowledge(index, digest),
    onMisfiled: async (signal: AbortSignal) =>
      (await session.discard(signal)) ? undefined : session.resumeKey,
    onChunk: options.onChunk,
  };
  const indexes = Array.from({ length: plan.totalChunks }, (_, index) => index).filter(
    (index) => !session.acknowledged.has(index),
  );
  const scheduler: ChunkScheduler = new ChunkScheduler({
    indexes,
    concurrency: settings.concurrency,
    task: (index, signal) => deliverChunk(context, index, signal),
    signal: options.signal,
    // A stream read waits on the user's stream, not on the signal: cancel the stream itself.
    onStop: () => void reader.close(),
    upload: { uploadName: session.uploadName, resumeKey: session.resumeKey },
  });
  return scheduler.run();
}

/**
 * `error`, or the {@link UploadSourceError} it stands for when a read of the source failed outside
 * a chunk's delivery (a resumed chunk read again for its digest, or for the file's md5).
 */
function sourceFailed(
  error: unknown,
  uploadName: string | undefined,
  resumeKey: string | undefined,
): unknown {
  if (error instanceof UploadError || error instanceof AbortError) return error;
  const read = sourceFailureIn(error);
  if (!read) return error;
  return new UploadSourceError({
    failedChunks: [],
    cause: read.cause ?? read,
    reason: read.message,
    uploadName,
    resumeKey,
  });
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

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../../lazy-side.js';
