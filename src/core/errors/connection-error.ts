import { SeatpayError } from './seatpay-error.js';

/**
 * No answer came back. `mayHaveBeenProcessed` is false only when the request provably never
 * reached the service (the connection was refused, or the host was not found); otherwise the
 * service may have acted on it, and a payment must be checked, not re-sent.
 *
 * Thrown once the call's retries are spent; calls that spend money are not retried at all when
 * the request may have arrived.
 *
 * @example
 * ```ts
 * import { ConnectionError } from 'seatpay';
 *
 * try {
 *   await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * } catch (error) {
 *   if (!(error instanceof ConnectionError)) throw error;
 *   if (error.mayHaveBeenProcessed) {
 *     // The charge may have happened: look for the subscription rather than paying again.
 *     await client.subscriptions.waitFor({ exclude: before });
 *   }
 * }
 * ```
 * @category Errors
 */
export class ConnectionError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'ConnectionError';
  /**
   * Whether the request may have reached the service: false only when it provably did not (the
   * connection was refused, the host was not found). When true, check before sending it again.
   */
  declare readonly mayHaveBeenProcessed: boolean;
  /** The request's method. */
  declare readonly method: string;
  /** The full URL that was called. */
  declare readonly url: string;

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

/**
 * No answer within the per-attempt `timeout` (the client's, or the call's own); the request may
 * have been processed. A {@link ConnectionError}, so one `instanceof ConnectionError` covers both.
 *
 * @example
 * ```ts
 * import { TimeoutError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.list({ timeout: 2_000, maxRetries: 0 });
 * } catch (error) {
 *   if (error instanceof TimeoutError) console.log('no answer in 2 s');
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class TimeoutError extends ConnectionError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'TimeoutError';
}
