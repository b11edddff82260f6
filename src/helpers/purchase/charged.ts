import { APIError } from '../../core/errors/api-error.js';
import { AbortError } from '../../core/errors/abort-error.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import { ConnectionError, TimeoutError } from '../../core/errors/connection-error.js';
import type { PurchaseCharged, PurchaseFailedStep } from './purchase-error.js';
import { deadlineMessage } from '../../core/retry/deadline.js';
import {
  InvalidRequestError,
  ResponseValidationError,
} from '../../core/errors/validation-errors.js';

/**
 * Whether a failed pay request took the money. `'no'` only when it provably did not: refused
 * before sending (bad arguments, an abort before the request went out), a connection refused, or the service's
 * refusal (4xx, 429, 503 with Retry-After). A 2xx whose body could not be read did charge. Anything
 * else (no answer, a 5xx, an abort in flight, an error thrown by the caller's own code while the
 * request was out) leaves it unknown.
 */
export function chargedAfterPayFailure(error: unknown): PurchaseCharged {
  if (error instanceof ResponseValidationError) return 'yes';
  if (error instanceof InvalidRequestError) return 'no';
  // The request path tells an abort after a money request went out (mayHaveBeenProcessed); one
  // before (in the token provider, before the signal reached fetch) left nothing behind.
  if (error instanceof AbortError) return error.mayHaveBeenProcessed ? 'unknown' : 'no';
  if (error instanceof ConnectionError || error instanceof APIError) {
    return error.mayHaveBeenProcessed ? 'unknown' : 'no';
  }
  return 'unknown';
}

/**
 * The abort a purchase reports once the pay request left: the same signal reason, told as
 * possibly processed so that `error.cause.mayHaveBeenProcessed` is true.
 */
export function abortAfterPay(error: AbortError): AbortError {
  if (error.mayHaveBeenProcessed) return error;
  return new AbortError('The purchase was aborted after the pay request was sent', {
    cause: error.cause,
    mayHaveBeenProcessed: true,
  });
}

/**
 * An abort by the purchase's `totalTimeout` (or the caller's `AbortSignal.timeout`) told as what
 * it is, a timeout; undefined for any other error. `method` is `'purchase'`: no one request ran out.
 * A step's own TimeoutError for that signal (a request or a chunk's wait that never started: "nothing
 * was sent") is told so too, `mayHaveBeenProcessed` as the charge says, never as that step's.
 */
export function deadlinePassed(
  error: unknown,
  signal: AbortSignal | undefined,
  step: PurchaseFailedStep,
  charged: PurchaseCharged,
): TimeoutError | undefined {
  const reason: unknown = signal?.reason;
  const passed = signal?.aborted ? deadlineMessage(reason) : undefined;
  if (!(error instanceof AbortError || error instanceof TimeoutError) || passed === undefined)
    return undefined;
  return new TimeoutError(`The purchase did not finish in time (at step "${step}"): ${passed}`, {
    mayHaveBeenProcessed: charged !== 'no',
    method: 'purchase',
    url: '',
    cause: reason,
  });
}

/** What `onStep` gets for an ambiguous pay: a typed error, your own code's throw as its cause. */
export function asSeatpayError(error: unknown): SeatpayError {
  if (error instanceof SeatpayError) return error;
  return new SeatpayError('Paying failed in a way that leaves the charge unknown', {
    cause: error,
  });
}
