import { AbortError } from './core/errors/abort-error.js';
import { TimeoutError } from './core/errors/connection-error.js';
import { deadlineMessage } from './timeout-reason.js';

/**
 * What a wait for a part of seatpay (a helper's chunk) rejects with when the caller's signal ends
 * it before anything was sent: a `TimeoutError` for the caller's `AbortSignal.timeout(...)`, as a
 * plain call reports it (prepare.ts), an `AbortError` for any other abort.
 */
export function waitEnded({ reason }: AbortSignal): AbortError | TimeoutError {
  if (deadlineMessage(reason) === undefined) {
    const message = "Nothing was sent: the caller's signal was aborted (call again when wanted)";
    return new AbortError(message, { cause: reason });
  }
  const message = "Nothing was sent: the caller's signal had timed out (call again with more time)";
  return new TimeoutError(message, {
    mayHaveBeenProcessed: false,
    method: '',
    url: '',
    cause: reason,
  });
}
