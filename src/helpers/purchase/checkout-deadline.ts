import { AbortError } from '../../core/errors/abort-error.js';
import { TimeoutError } from '../../core/errors/connection-error.js';
import { deadlineMessage } from '../../core/retry/deadline.js';

/**
 * An abort by the deadline (its own, or the caller's `AbortSignal.timeout`) told as a timeout; a
 * request's own `TimeoutError` for the checkout's `totalTimeout` (which stands in for a signal
 * during its request and its answer's validation) says that deadline passed, not the caller's
 * signal; `mayHaveBeenProcessed` as the request's. The caller's signal's own `TimeoutError`
 * already says so: it is left as it is.
 */
export function deadlinePassed(
  error: unknown,
  signal: AbortSignal | undefined,
  caller: AbortSignal | undefined,
  sent: boolean,
) {
  const reason: unknown = signal?.reason;
  const passed = signal?.aborted ? deadlineMessage(reason) : undefined;
  if (passed === undefined) return undefined;
  if (error instanceof AbortError) {
    return new TimeoutError(`The keyed checkout did not finish in time: ${passed}`, {
      mayHaveBeenProcessed: sent || error.mayHaveBeenProcessed,
      method: 'POST',
      url: '',
      cause: reason,
    });
  }
  const theirs = caller?.aborted === true && caller.reason === reason;
  if (!(error instanceof TimeoutError) || theirs) return undefined;
  const { mayHaveBeenProcessed } = error;
  const advice = mayHaveBeenProcessed
    ? 'it may have been carried out: check its outcome, do not call again without the key'
    : 'call again with more time';
  return new TimeoutError(`The keyed checkout did not finish in time: ${passed} (${advice})`, {
    mayHaveBeenProcessed,
    method: error.method,
    url: error.url,
    cause: reason,
  });
}
