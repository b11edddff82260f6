import { APIError } from '../../core/errors/api-error.js';
import { untilAborted } from '../../core/retry/until-aborted.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import { UploadError } from '../helper-errors.js';
import { finalizeAnswerLost } from './upload-timeout.js';
import type { RequestOptions } from '../../core/setup/options.js';
import type { FinalizeParams, MediaFile } from '../../schemas/media.js';
import type { ChunkPlan } from './chunk-plan.js';
import type { UploadSession } from './resume-session.js';
import type { UploadSettings } from './upload-options.js';

/** The media call that joins an upload's chunks (`client.media.finalize`). */
export interface UploadFinalizer {
  finalize(params: FinalizeParams, options?: RequestOptions): Promise<MediaFile>;
}

/**
 * Sends finalize once, recorded as sent before it goes: an answer lost after the service acted
 * then never leads to a second finalize, so never to a second copy (see UploadMayExistError).
 */
export async function finalizeOnce(
  media: UploadFinalizer,
  params: FinalizeParams,
  context: { session: UploadSession; timeout: number; signal: AbortSignal | undefined },
): Promise<MediaFile> {
  const { session, timeout, signal } = context;
  // A store that never answers (its write, its lock's `held()`) holds finalize, never the call.
  await untilAborted(session.finalizing(), signal).catch((error: unknown) => {
    // Finalize was not sent (given up on, the lock lost): the record says so, written now beside
    // a "finalize sent" write still out (the call ends here, and the process may end with it).
    void session.finalizeRefused().catch(() => undefined);
    session.handOff();
    throw error;
  });
  // A record the store kept but could not update says finalize was never sent: a resume would
  // send it again (a second copy). It goes first; one that cannot go means no finalize now.
  const stale = session.recordStale;
  if (stale && !(await session.discard(signal))) throw unrecorded(session.resumeKey);
  try {
    return await media.finalize(params, { timeout, ...(signal ? { signal } : {}) });
  } catch (error) {
    // The service lost chunks its record says it holds: resuming again could only fail again.
    if (isMissingChunks(error)) {
      const gone = await session.finished(false);
      throw chunksDropped(error, session.resumeKey, session.reusesChunks, gone);
    }
    if (refusedOutright(error)) {
      await session.finalizeRefused();
      // Emptied above, its record still says "finalize sent" (adopted: the next call would refuse,
      // saying the file may exist): emptied again, saying it was not.
      if (stale) await session.discard().catch(() => undefined);
    }
    throw finalizeAnswerLost(error, session.resumeKey, signal);
  }
}

function unrecorded(key: string | undefined): UploadError {
  return new UploadError(
    `The resume store could neither record that finalize is being sent nor delete its record of this upload (key "${key}"): finalizing now would let a later resume finalize it again, making a second copy. Nothing was finalized and every chunk is acknowledged: run the upload again once the store works (it then finalizes once), or delete that record to start afresh`,
    { failedChunks: [] },
  );
}

/**
 * The service no longer holds chunks it acknowledged (it drops an unfinished upload's chunks after
 * a while): its bare 400 said nothing of what to do, and the record that would resume is gone. On
 * a call that sent every chunk itself, nothing was left unfinished: sending it whole again may
 * fail the same way (a service that does not match the chunks to the finalize), so it says so.
 */
function chunksDropped(
  error: APIError,
  key: string | undefined,
  resumed: boolean,
  gone: boolean,
): UploadError {
  // A record left as finalize wrote it would have the next call say the file may exist.
  const record =
    key === undefined
      ? ''
      : gone
        ? `; its resume record (key "${key}") is deleted`
        : `; its resume record (key "${key}") could be neither deleted nor emptied: delete it from the store before uploading again, or the next upload refuses, saying the file may exist`;
  const message = resumed
    ? `The service does not hold every chunk it acknowledged for this upload (finalize answered ${error.message}; a service drops the chunks of an upload left unfinished), so no file was made${record}: upload the file again, and it is sent whole`
    : `The service answered finalize that chunks are missing (${error.message}), though this call sent every chunk and the service acknowledged each: it did not find them under this upload (it matches them on the name, operation type, chunk count, mime and academy), so no file was made${record}. Uploading again sends the file whole and may fail the same way: if it does, report this answer to the service`;
  return new UploadError(message, { failedChunks: [], cause: error, sentEveryChunk: !resumed });
}

/** An answer, or its absence, that proves the service made no file: finalizing again is safe. */
function refusedOutright(error: unknown): boolean {
  const processed = (error as { mayHaveBeenProcessed?: unknown } | null)?.mayHaveBeenProcessed;
  return error instanceof SeatpayError && processed === false;
}

/** What finalize sends: the chunks' count under the upload's unique name, and the caller's fields. */
export function finalizeParams(
  settings: UploadSettings,
  plan: ChunkPlan,
  name: string,
): FinalizeParams {
  return {
    operation_type: settings.operation_type,
    total_chunks: plan.totalChunks,
    filename: name,
    mime: settings.mime,
    ...(settings.meta === undefined ? {} : { meta: settings.meta }),
    ...(settings.academy === undefined ? {} : { academy: settings.academy }),
  };
}

/**
 * The service answered finalize that chunks are missing (live-api.md: `some-chunks-not-found`), in
 * whatever language it answers (the user's setting: "3/3 chunks están faltando"), by its code.
 */
function isMissingChunks(error: unknown): error is APIError {
  return (
    error instanceof APIError && error.status === 400 && error.code === 'some-chunks-not-found'
  );
}
