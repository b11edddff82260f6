import type { SubscriptionList } from '../../schemas/subscriptions.js';
import { SeatpayError } from './seatpay-error.js';

/**
 * `subscriptions.waitFor` ran out of time; `lastListing` is the last listing it read, if any.
 * `purchase` throws it too when no subscription appears after paying (or, when paying itself
 * failed ambiguously, the payment's error instead). The last transient poll error is its `cause`.
 *
 * @example
 * ```ts
 * import { SubscriptionTimeoutError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.waitFor({ exclude: before, timeout: 60_000 });
 * } catch (error) {
 *   if (!(error instanceof SubscriptionTimeoutError)) throw error;
 *   console.log(`nothing new after ${error.waitedMs} ms`, error.lastListing?.subscriptions.length);
 * }
 * ```
 * @category Errors
 */
export class SubscriptionTimeoutError extends SeatpayError {
  override name = 'SubscriptionTimeoutError';
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SubscriptionTimeoutError';
  /** The last listing a poll read, or undefined when every poll failed. */
  readonly lastListing: SubscriptionList | undefined;
  /** The `timeout` that ran out, in ms. */
  readonly waitedMs: number;

  constructor(
    waitedMs: number,
    lastListing: SubscriptionList | undefined,
    options?: { cause?: unknown },
  ) {
    super(`No new subscription appeared within ${waitedMs} ms`, options);
    this.waitedMs = waitedMs;
    this.lastListing = lastListing;
  }
}

/**
 * A chunked upload failed for good and was not finalized. `failedChunks` holds the indexes that
 * could not be delivered; `cause` is the last error. Thrown by `media.upload` once a chunk's
 * retries are spent; the chunks still running are stopped first.
 *
 * @example
 * ```ts
 * import { UploadError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'media' });
 * } catch (error) {
 *   if (!(error instanceof UploadError)) throw error;
 *   console.log('chunks not delivered:', error.failedChunks, 'last error:', error.cause);
 * }
 * ```
 * @category Errors
 */
export class UploadError extends SeatpayError {
  override name = 'UploadError';
  /** @internal */
  static override readonly seatpayErrorClass: string = 'UploadError';
  /** The indexes of the chunks that could not be delivered, in order. */
  readonly failedChunks: number[];

  constructor(message: string, details: { failedChunks: number[]; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.failedChunks = details.failedChunks;
  }
}
