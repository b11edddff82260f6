import { refusalCode } from './refusal-codes.js';
import { SeatpayError } from './seatpay-error.js';

/**
 * What the service answered, as carried by every {@link APIError}. Every `APIError` class is built
 * from one, so a test double can throw exactly what seatpay would.
 *
 * @example
 * ```ts
 * import { NotFoundError, type APIErrorDetails } from 'seatpay';
 *
 * const details: APIErrorDetails = {
 *   status: 404,
 *   method: 'GET',
 *   url: 'https://api.example.com/v1/payments/plan/nope',
 *   body: { detail: 'Not found.', status_code: 404 },
 *   headers: { 'x-request-id': 'req_1' },
 *   message: 'Not found.',
 * };
 * const error = new NotFoundError(details); // error.requestId === 'req_1'
 * ```
 * @category Errors
 */
export interface APIErrorDetails {
  /** The HTTP status of the answer, outside 2xx. */
  status: number;
  /** The request's method: `GET`, `POST`, `PUT`, `PATCH` or `DELETE`. */
  method: string;
  /** The full URL that was called. */
  url: string;
  /** The parsed body (JSON, or text for an HTML page), with secrets redacted. */
  body: unknown;
  /** The answer's headers, names lower-cased (`retry-after` ...), secrets redacted. */
  headers: Record<string, string>;
  /** The server's message, read from `detail`, `message` or `error`, or from field errors. */
  message: string;
  /**
   * The refusal's stable code; when left out it is recognized from `body.silent_code` and
   * `message` (English or Spanish), as for an answer.
   */
  code?: string | null;
}

/**
 * The service answered with a status outside 2xx. Thrown by any call once its retries (if any)
 * are spent; a subclass names the status (`NotFoundError` ...) or one of SERVICE.md's named
 * failures (`OwnerOnlyError` ...). The message is the service's own, read from whatever shape
 * its error body has.
 *
 * @example
 * ```ts
 * import { APIError } from 'seatpay';
 *
 * try {
 *   await client.plans.get('nope');
 * } catch (error) {
 *   if (error instanceof APIError) console.log(error.status, error.message, error.requestId);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class APIError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'APIError';
  /** The HTTP status of the answer (4xx or 5xx). */
  declare readonly status: number;
  /** The request's method. */
  declare readonly method: string;
  /** The full URL that was called. */
  declare readonly url: string;
  /** The parsed error body (JSON, or text for an HTML page), with secrets redacted. */
  declare readonly body: unknown;
  /** The answer's headers, names lower-cased (`retry-after` ...), secrets redacted. */
  declare readonly headers: Record<string, string>;
  /** `x-request-id` (or `request-id`) of the answer, for support tickets. */
  declare readonly requestId: string | undefined;
  /**
   * The service's named refusal as a stable, lower-case code (`'only-owner-allowed'`,
   * `'seats-limit-exceeded'`, `'card-error'`, `'insufficient-credits'` ...), whatever the language
   * of the answer; `null` when the answer names no known refusal, and on an answer that is no
   * refusal (`mayHaveBeenProcessed`: a 5xx, whatever its body says) unless it is one of the three
   * named failures (`OwnerOnlyError` ...). docs/errors.md lists them.
   */
  declare readonly code: string | null;
  /**
   * Whether the service may have acted on the request anyway: true for a 5xx, which does not say
   * how far the request got, except a 503 with `Retry-After` (refused, like a 429 or any 4xx).
   * As on `ConnectionError`, so one check covers every way a payment can fail.
   */
  declare readonly mayHaveBeenProcessed: boolean;

  constructor(details: APIErrorDetails) {
    const path = safePath(details.url);
    super(`${details.status} ${details.message} (${details.method} ${path})`);
    this.status = details.status;
    this.method = details.method;
    this.url = details.url;
    this.body = details.body;
    this.headers = details.headers;
    this.requestId = details.headers['x-request-id'] ?? details.headers['request-id'];
    const mayHaveBeenProcessed = mayHaveActed(details.status, details.headers);
    // Set in the order declared above: the fields print in it.
    this.code =
      details.code !== undefined
        ? details.code
        : mayHaveBeenProcessed
          ? null
          : refusalCode(details.message, slugOf(details.body));
    this.mayHaveBeenProcessed = mayHaveBeenProcessed;
  }
}

/** A 5xx does not say how far the request got, except a 503 with `Retry-After` (refused). */
export function mayHaveActed(status: number, headers: Record<string, string>): boolean {
  return status >= 500 && !(status === 503 && headers['retry-after'] !== undefined);
}

/** The slug the service sent beside its message (`silent_code`), if any. */
export function slugOf(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  return record.silent_code ?? record.slug;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
