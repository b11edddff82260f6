import { SeatpayError } from './seatpay-error.js';

/**
 * No answer came back. `mayHaveBeenProcessed` is false only when the request provably never
 * reached the service (the connection was refused, or the host was not found); otherwise the
 * service may have acted on it, and a payment must be checked, not re-sent.
 */
export class ConnectionError extends SeatpayError {
  override name = 'ConnectionError';
  readonly mayHaveBeenProcessed: boolean;
  readonly method: string;
  readonly url: string;

  constructor(
    message: string,
    details: { mayHaveBeenProcessed: boolean; method: string; url: string; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.mayHaveBeenProcessed = details.mayHaveBeenProcessed;
    this.method = details.method;
    this.url = details.url;
  }
}

/** No answer within the per-attempt `timeout`; the request may have been processed. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}
