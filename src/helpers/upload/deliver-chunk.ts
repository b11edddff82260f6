import { APIError } from '../../core/errors/api-error.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { ConnectionError } from '../../core/errors/connection-error.js';
import { UploadError } from '../helper-errors.js';
import type { InternalRequestOptions, RequestOptions } from '../../core/setup/options.js';
import type { ChunkParams, ChunkRecord } from '../../schemas/media.js';
import { misplaced } from './chunk-answer.js';
import { chunkRange, type ChunkPlan } from './chunk-plan.js';
import type { ProgressTracker } from './progress.js';
import type { ChunkReader } from './chunk-reader.js';
import { ChunkStop } from './chunk-stop.js';
import { freePiece } from './free-piece.js';
import { untilAborted, withinMs } from '../../core/retry/until-aborted.js';
import { startDeadline } from '../../core/retry/deadline.js';
import type { FillingChunk } from './filling-chunk.js';
import { SourceReadError, sourceFailureIn, sourceReadError } from './source-read-error.js';

/**
 * What `onChunk` learns about an acknowledged chunk besides the service's record.
 *
 * @example
 * ```ts
 * await client.media.upload(file, {
 *   operation_type: 'media',
 *   onChunk: (record, { index, start, end, alreadyHeld }: DeliveredChunk) =>
 *     console.log(`chunk ${index}: bytes ${start}-${end}${alreadyHeld ? ' (already held)' : ''}`),
 * });
 * ```
 * @category Helpers
 */
export interface DeliveredChunk {
  /** The chunk's index, from 0. */
  index: number;
  /** The chunk's bytes in the file: `[start, end)`. */
  start: number;
  /** Where the chunk's bytes end in the file (exclusive). */
  end: number;
  /**
   * The service already held this chunk (it answered `chunk-already-exists`, say after an answer
   * was lost and the chunk was sent again, or before a resumed upload). The chunk name is unique to
   * this upload, so that chunk is this one. The record is then the one this chunk was sent with.
   */
  alreadyHeld: boolean;
}

/** The resource call that sends one chunk (`client.media.uploadChunk`). */
export interface ChunkSender {
  uploadChunk(params: ChunkParams, options?: RequestOptions): Promise<ChunkRecord>;
}

/** What checking a chunk before it is sent found (`UploadSession.check`). */
export interface ChunkCheck {
  /** The SHA-256 of its bytes, for the resume record (undefined without `resume`). */
  digest: string | undefined;
  /** The service acknowledged these very bytes before this run: nothing to send. */
  held: boolean;
  /** The bytes the digest was taken of: sent in place of the chunk (a Blob may read otherwise). */
  bytes?: Uint8Array;
}

/** Everything a chunk delivery needs that is the same for every chunk of the upload. */
export interface DeliveryContext {
  sender: ChunkSender;
  reader: ChunkReader;
  plan: ChunkPlan;
  /** The name chunk answers must echo (the deployed server does); undefined: not checked. */
  echoedName: string | undefined;
  /** The chunk request's fields other than the index and the bytes. */
  fields: Omit<ChunkParams, 'chunk' | 'chunk_index'>;
  progress: ProgressTracker;
  chunkTimeout: number;
  /** The client's `totalTimeout`, which bounds each `uploadChunk` call (its probe included). */
  callTimeout: number | undefined;
  maxRetries: number | undefined;
  /** Told about every 429, to send fewer chunks at once. */
  onRateLimited: () => void;
  /** The sender streams a part from its range reader: a stream's chunk goes out as it is read. */
  streamsParts: boolean;
  /** Chunk `index` must be read whole and checked before it is sent (a resume recorded it). */
  checksFirst: (index: number) => boolean;
  /** The digest a resume record keeps of a chunk's bytes, and whether the service holds them. */
  check: (index: number, chunk: Blob | Uint8Array, signal: AbortSignal) => Promise<ChunkCheck>;
  /** Rejects when the service's `chunk-already-exists` may be of other bytes than these. */
  claimHeld: (index: number, digest: string | undefined, retried: boolean) => Promise<void>;
  /** Told about every acknowledged chunk, before `onChunk` (the resume record). */
  onAcknowledged: (index: number, digest: string | undefined) => void;
  /**
   * The service stored chunk `index` under another index or name: its resume record must go. Resolves
   * with the record's key when it could be neither deleted nor emptied (the error names it).
   */
  onMisfiled: (signal: AbortSignal) => Promise<string | undefined>;
  onChunk: ((record: ChunkRecord, chunk: DeliveredChunk) => void) | undefined;
}

/**
 * Reads chunk `index` and sends it through `uploadChunk`, where the shared retry policy retries it
 * on its own. Resolves once the service acknowledged it; rejects when it failed for good.
 */
export async function deliverChunk(
  context: DeliveryContext,
  index: number,
  signal: AbortSignal,
): Promise<void> {
  const range = chunkRange(context.plan, index);
  // Taken now, before any wait: a stream's chunks are read in the order they start.
  const reading =
    context.streamsParts && !context.checksFirst(index)
      ? context.reader.stream?.(range)
      : undefined;
  const filling = reading && (await reading.catch(readFailure));
  const sendNow = filling && readsFastEnough(filling, context.chunkTimeout);
  const chunk = sendNow
    ? filling.bytes
    : await (filling?.whole ?? context.reader.read(range)).catch(readFailure);
  try {
    await sendRead(context, index, chunk, range, signal, sendNow ? filling : undefined);
  } finally {
    // Every attempt has settled, and the sender lets go of a body before it settles.
    context.reader.release?.(chunk);
  }
}

/**
 * A chunk goes out while it is read only when the stream gave the previous chunk well within an
 * attempt's time: an attempt waits for the stream, so a slow stream would make it time out. The
 * first chunk is read whole first, to find out.
 */
function readsFastEnough(filling: FillingChunk, chunkTimeout: number): boolean {
  return filling.previousReadMs !== undefined && filling.previousReadMs * 4 < chunkTimeout;
}

async function sendRead(
  context: DeliveryContext,
  index: number,
  chunk: Blob | Uint8Array,
  { start, end }: { start: number; end: number },
  signal: AbortSignal,
  filling: FillingChunk | undefined,
): Promise<void> {
  const size = chunk instanceof Blob ? chunk.size : chunk.byteLength;
  if (size !== end - start) {
    throw new SourceReadError(`chunk ${index} read ${size} bytes instead of ${end - start}`);
  }
  // A chunk sent while it is read has no recorded digest to check first (`checksFirst`): its
  // digest, for the resume record, is taken once it is read whole, before its last bytes go.
  const checking = (
    filling
      ? filling.whole.then((whole) => context.check(index, whole, signal))
      : context.check(index, chunk, signal)
  ).catch(readFailure);
  checking.catch(() => undefined);
  filling?.holdEnd(checking); // its digest recorded before its last byte leaves
  // A read that never settles (a drive gone away) ends with the signal all the same.
  const { digest, held, bytes } = filling
    ? { digest: undefined, held: false }
    : await untilAborted(checking, signal);
  const sent = bytes ?? chunk;
  let record: ChunkRecord;
  // Held: a resumed stream's chunk the service acknowledged before, read again with the same bytes.
  let alreadyHeld = held;
  let retried: boolean | undefined; // answered chunk-already-exists, after an attempt before?
  if (held) record = heldRecord(context, index);
  else {
    const params: ChunkParams = { ...context.fields, chunk_index: index, chunk: sent };
    // A failed read stops the chunk's attempts at once: the same bytes can never be read again.
    const stop = new ChunkStop(filling ? AbortSignal.any([signal, filling.failed]) : signal, size);
    // The call's own deadline, started with it: a probe after the call ends with it too.
    const deadline = startDeadline(context.callTimeout, signal, `chunk ${index}'s call`);
    const probe = new SourceProbe(sent, deadline.signal ?? signal, context.chunkTimeout);
    try {
      record = await context.sender.uploadChunk(
        params,
        requestOptions(context, index, stop, probe),
      );
    } catch (error) {
      if (filling?.failed.aborted) readFailure(filling.failed.reason);
      if (stop.failure) throw stop.failure.reason;
      // Not the network: the source changed or could not be read (never retried, see onRetry).
      const failedRead = sourceFailureIn(error) ?? (await probe.after(error));
      if (failedRead) throw failedRead;
      if (!isAlreadyHeld(error)) throw error;
      record = heldRecord(context, index);
      retried = stop.retried;
      alreadyHeld = true;
    } finally {
      stop.dispose();
      deadline.clear();
      filling?.attemptsEnded();
      // A Blob's chunk read for its digest is this delivery's own: given back once sent, not
      // left to pile up for the collector (see freePiece).
      if (bytes && bytes !== chunk) freePiece(bytes);
    }
  }
  const wrong = misplaced(record, index, context.echoedName);
  if (wrong) throw wrong(await context.onMisfiled(signal));
  // Not acknowledged before every byte was read: a stream that ends early or runs past its size
  // fails here, even if the service took what went out.
  const checked = filling ? await checking : { digest };
  // Held counts as delivered only when the bytes held are known to be these: in-flight-chunks.ts.
  if (retried !== undefined) await context.claimHeld(index, checked.digest, retried);
  context.onAcknowledged(index, checked.digest);
  context.progress.acknowledged(index, size);
  context.onChunk?.(record, { index, start, end, alreadyHeld });
  if (context.progress.callbackError !== undefined) throw context.progress.callbackError;
}

/** The record of a chunk the service already holds: the one it was sent with. */
function heldRecord(context: DeliveryContext, index: number): ChunkRecord {
  const { operation_type, total_chunks, filename, mime } = context.fields;
  return { operation_type, total_chunks, chunk_index: index, name: filename, mime };
}

function requestOptions(
  context: DeliveryContext,
  index: number,
  stop: ChunkStop,
  probe: SourceProbe,
): InternalRequestOptions {
  return {
    signal: stop.signal,
    timeout: context.chunkTimeout,
    ...(context.maxRetries === undefined ? {} : { maxRetries: context.maxRetries }),
    // No budget that starts over: `maxRetries: n` is at most n + 1 attempts of this chunk.
    onUploadProgress: (sent) => {
      stop.sent(sent);
      context.progress.sent(index, sent);
    },
    onRetry: ({ error }) => {
      // A failed read of the source is no network failure: the retry stops before it starts.
      const failedRead = sourceFailureIn(error);
      if (failedRead) return stop.fail(failedRead);
      stop.retrying(error);
      // A browser reports a File that changed as a bare network error: a byte of it tells.
      void probe.after(error).then((failed) => failed && stop.fail(failed));
      if (error instanceof APIError && error.status === 429) context.onRateLimited();
    },
  };
}

/**
 * A read of the source that failed, as the upload reports it ({@link SourceReadError}); the
 * upload stopping (an `AbortError`) stays what it is.
 */
function readFailure(error: unknown): never {
  throw error instanceof AbortError || error instanceof UploadError
    ? error
    : sourceReadError(error);
}

/**
 * The service already holds this chunk: the deployed server answers a chunk it has with 400
 * `chunk-already-exists` (live-api.md §3), a 409 would say the same. It counts as delivered: the
 * name it was matched on is this upload's own (see `uploadName`), so no other upload sent it.
 */
function isAlreadyHeld(error: unknown): boolean {
  if (!(error instanceof APIError) || (error.status !== 400 && error.status !== 409)) return false;
  const said = `${error.message} ${JSON.stringify(error.body ?? null)}`;
  return /chunk[-_ ]already[-_ ]exists/i.test(said);
}

/** A probe's read that outlived its time: whether the source is readable is not known. */
const COULD_NOT_TELL = Symbol('could not tell');

/**
 * Whether a Blob chunk whose attempt failed with no answer can still be read. A browser fails the
 * request of a `File` whose file changed with a bare network error (fetch's "Failed to fetch",
 * XMLHttpRequest's `error` event), where Node's fetch names a `NotReadableError`: reading one byte
 * of the chunk tells them apart. Only after such a failure, so it costs nothing otherwise.
 */
class SourceProbe {
  constructor(
    private readonly chunk: Blob | Uint8Array,
    /** The upload's signal, joined with the end of the chunk call's `totalTimeout`. */
    private readonly signal: AbortSignal,
    /** The most a read may take: one attempt's time (`chunkTimeout`). */
    private readonly ms: number,
  ) {}

  /**
   * The failed read behind `error`, if the chunk can no longer be read. A read that never settles
   * (a Blob on a stalled network drive, a Blob of the caller's own making) ends with the upload's
   * signal, the call's total time or one attempt's time, and then tells nothing: the failure stays
   * the network's.
   */
  async after(error: unknown): Promise<SourceReadError | undefined> {
    const { chunk } = this;
    if (!(error instanceof ConnectionError) || !(chunk instanceof Blob) || chunk.size === 0) {
      return undefined;
    }
    try {
      const read = new Promise<unknown>((resolve) => resolve(chunk.slice(0, 1).arrayBuffer()));
      await withinMs(untilAborted(read, this.signal), this.ms, () => COULD_NOT_TELL);
      return undefined;
    } catch (failure) {
      return this.signal.aborted || failure === COULD_NOT_TELL
        ? undefined
        : sourceReadError(failure);
    }
  }
}
