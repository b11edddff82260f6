import { SeatpayError } from '../core/errors/seatpay-error.js';

/**
 * What a helper (`media.upload`, `subscriptions.waitFor`) rejects with: always a
 * {@link SeatpayError}, with the client's secrets hidden in it. A value the caller's own code threw
 * (an `onPoll` or `match`, a resume store throwing a string or a Proxy) that got through untyped
 * becomes the `cause` of one, read safely; an error that quotes the token through a callback
 * (an `onProgress` that throws it) is scrubbed like an answer that echoes it.
 */
export function helperFailure(
  error: unknown,
  what: string,
  scrub: <E>(error: E) => E,
): SeatpayError {
  const typed =
    error instanceof SeatpayError
      ? error
      : new SeatpayError(`${what} failed: code it was given threw (see cause)`, { cause: error });
  return scrub(typed);
}
