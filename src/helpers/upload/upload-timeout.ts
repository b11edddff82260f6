import { AbortError } from '../../core/errors/abort-error.js';
import { ConnectionError, TimeoutError } from '../../core/errors/connection-error.js';
import { deadlineMessage } from '../../timeout-reason.js';

/**
 * An upload stopped by the caller's own `AbortSignal.timeout(...)`: a `TimeoutError`, as a plain
 * call gives for that signal, saying what to do and whether the file may exist
 * (`mayHaveBeenProcessed`: its finalize was under way and may have been sent; a stop before it,
 * even one in the operation type's read or a chunk's, made no file); the finalize
 * call's own `TimeoutError` for that signal said neither. An abort by any other reason (the pause
 * of docs/uploads.md) stays an `AbortError`, one that says the file may exist once its finalize
 * was sent (it said "The operation was aborted", and uploading again could make a second copy).
 * Any other error is returned as it is.
 */
export function uploadTimedOut(
  error: unknown,
  signal: AbortSignal | undefined,
  /** The upload had begun its finalize: before it, no file can exist whatever the error says. */
  finalizing: boolean,
): unknown {
  const stopped = error instanceof AbortError || error instanceof TimeoutError;
  if (!stopped || signal?.aborted !== true) return error;
  const passed = deadlineMessage(signal.reason);
  const mayHaveBeenProcessed = finalizing && error.mayHaveBeenProcessed;
  const advice = mayHaveBeenProcessed
    ? 'its finalize was sent, so the file may exist: check the service before uploading again'
    : 'the file was not made: upload again with more time (with `resume`, it goes on from the chunks sent)';
  if (passed === undefined) {
    if (!mayHaveBeenProcessed || !(error instanceof AbortError)) return error;
    return new AbortError(`The upload was stopped by its signal (${advice})`, {
      cause: error.cause,
      mayHaveBeenProcessed,
    });
  }
  return new TimeoutError(`The upload stopped: the caller's signal timed out (${advice})`, {
    mayHaveBeenProcessed,
    method: 'POST',
    url: '',
    cause: error.cause,
  });
}

/**
 * The operation type's read left unanswered (the client's `timeout` or `totalTimeout` ran out, the
 * connection dropped): a GET, so `mayHaveBeenProcessed: true` as a plain call's, and its message
 * said nothing of the upload, though no chunk was sent and no file made: a caller deciding on
 * `mayHaveBeenProcessed` whether to upload again was told the file might exist (newuser16). Told
 * as made nothing, with what to do, the read's error as its cause. A stop by the caller's signal
 * is left to {@link uploadTimedOut}; anything else is returned as it is.
 */
export function typeReadFailed(error: unknown, signal: AbortSignal | undefined): unknown {
  if (!(error instanceof ConnectionError) || !error.mayHaveBeenProcessed || signal?.aborted) {
    return error;
  }
  const timedOut = error instanceof TimeoutError;
  const Kind = timedOut ? TimeoutError : ConnectionError;
  const again = timedOut ? 'upload again with more time' : 'upload again';
  return new Kind(
    `The upload stopped before its first chunk: ${error.message} (the file was not made: ${again})`,
    { mayHaveBeenProcessed: false, method: error.method, url: error.url, cause: error },
  );
}

/**
 * Finalize's answer lost (no answer within `chunkTimeout`, the connection dropped) while the
 * caller's signal had not fired: the plain POST's error said only "Connection failed for POST
 * …/chunk/upload", nothing of the file, which the service may have made, nor of the resume that
 * now refuses. Told so, the same class and `mayHaveBeenProcessed`, the POST's error as its cause.
 */
export function finalizeAnswerLost(
  error: unknown,
  resumeKey: string | undefined,
  signal: AbortSignal | undefined,
): unknown {
  if (!(error instanceof ConnectionError) || !error.mayHaveBeenProcessed || signal?.aborted) {
    return error;
  }
  const Kind = error instanceof TimeoutError ? TimeoutError : ConnectionError;
  const resume =
    resumeKey === undefined
      ? ''
      : `; with \`resume\`, the next call refuses with UploadMayExistError (nothing sent) until its record (key "${resumeKey}") is deleted`;
  return new Kind(
    `The upload's finalize got no answer (${error.message}), so the service may have made the file: check it for the file before uploading again${resume}`,
    { mayHaveBeenProcessed: true, method: error.method, url: error.url, cause: error },
  );
}
