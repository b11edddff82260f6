import { SeatpayError } from './seatpay-error.js';

/**
 * The answer's body was longer than the client's `maxResponseBytes` (32 MiB by default): seatpay
 * stopped reading, cancelled the request and freed what it had read. Thrown for any status,
 * and never retried (the service would send the same again).
 *
 * Like {@link ResponseValidationError}, `mayHaveBeenProcessed` is true: the service answered, so
 * it may have acted (a payment may have gone through). Never send such a call again blindly.
 *
 * @example
 * ```ts
 * import { ResponseTooLargeError } from 'seatpay';
 *
 * try {
 *   await client.consumables.list();
 * } catch (error) {
 *   if (!(error instanceof ResponseTooLargeError)) throw error;
 *   console.log(`${error.status} answer longer than ${error.limit} bytes from ${error.url}`);
 * }
 * ```
 * @category Errors
 */
export class ResponseTooLargeError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'ResponseTooLargeError';
  /** Always true: an answer came, so the service may have acted on the request. */
  readonly mayHaveBeenProcessed = true;
  /** The HTTP status of the answer whose body was too long. */
  declare readonly status: number;
  /** The `maxResponseBytes` that was exceeded. */
  declare readonly limit: number;
  /** Bytes read (or announced by `Content-Length`) when reading stopped: more than `limit`. */
  declare readonly receivedBytes: number;
  /** The request's method. */
  declare readonly method: string;
  /** The full URL that was called. */
  declare readonly url: string;

  constructor(details: {
    status: number;
    limit: number;
    receivedBytes: number;
    method: string;
    url: string;
  }) {
    super(
      `The answer to ${details.method} ${pathOf(details.url)} (${details.status}) is longer than maxResponseBytes (${details.limit} bytes): cut off`,
    );
    this.status = details.status;
    this.limit = details.limit;
    this.receivedBytes = details.receivedBytes;
    this.method = details.method;
    this.url = details.url;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
