import { SeatpayError } from './seatpay-error.js';

/** `subscriptions.waitFor` ran out of time; `lastListing` is the last listing it read, if any. */
export class SubscriptionTimeoutError extends SeatpayError {
  override name = 'SubscriptionTimeoutError';
  readonly lastListing: unknown;
  readonly waitedMs: number;

  constructor(waitedMs: number, lastListing: unknown, options?: { cause?: unknown }) {
    super(`No new subscription appeared within ${waitedMs} ms`, options);
    this.waitedMs = waitedMs;
    this.lastListing = lastListing;
  }
}

/**
 * A chunked upload failed for good and was not finalized. `failedChunks` holds the indexes that
 * could not be delivered; `cause` is the last error.
 */
export class UploadError extends SeatpayError {
  override name = 'UploadError';
  readonly failedChunks: number[];

  constructor(message: string, details: { failedChunks: number[]; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.failedChunks = details.failedChunks;
  }
}
