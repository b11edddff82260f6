import { SeatpayError } from './seatpay-error.js';

/** What the service answered, as carried by every {@link APIError}. */
export interface APIErrorDetails {
  status: number;
  method: string;
  url: string;
  /** The parsed body (JSON, or text for an HTML page), with secrets redacted. */
  body: unknown;
  headers: Record<string, string>;
  /** The server's message, read from `detail`, `message` or `error`, or from field errors. */
  message: string;
}

/**
 * The service answered with a status outside 2xx.
 *
 * @example
 * try { await client.plans.get('nope'); }
 * catch (error) { if (error instanceof APIError) console.log(error.status, error.requestId); }
 */
export class APIError extends SeatpayError {
  override name = 'APIError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  /** `x-request-id` (or `request-id`) of the answer, for support tickets. */
  readonly requestId: string | undefined;
  /**
   * Whether the service may have acted on the request anyway: true for a 5xx, which does not say
   * how far the request got, except a 503 with `Retry-After` (refused, like a 429 or any 4xx).
   * As on `ConnectionError`, so one check covers every way a payment can fail.
   */
  readonly mayHaveBeenProcessed: boolean;

  constructor(details: APIErrorDetails) {
    const path = safePath(details.url);
    super(`${details.status} ${details.message} (${details.method} ${path})`);
    this.status = details.status;
    this.method = details.method;
    this.url = details.url;
    this.body = details.body;
    this.headers = details.headers;
    this.requestId = details.headers['x-request-id'] ?? details.headers['request-id'];
    this.mayHaveBeenProcessed =
      details.status >= 500 &&
      !(details.status === 503 && details.headers['retry-after'] !== undefined);
  }
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
