import { SeatpayError } from './seatpay-error.js';

/**
 * The server answered with a redirect (a 3xx). seatpay never follows one: the request carries
 * the token, which must not go anywhere but `baseUrl`, and Workers and edge runtimes refuse the
 * fetch option that would turn a redirect into a network failure. So every runtime sends with
 * `redirect: 'manual'` and the answer becomes this error, never retried. A wrong `baseUrl`
 * (`http://` for an `https://` service, a missing path prefix) is the usual cause.
 *
 * In a browser the redirect is opaque: `status` and `location` are then undefined.
 *
 * @example
 * ```ts
 * import { RedirectError } from 'seatpay';
 *
 * try {
 *   await client.plans.get('team-per-seat');
 * } catch (error) {
 *   if (error instanceof RedirectError) console.log('check baseUrl: moved to', error.location);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class RedirectError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'RedirectError';
  /** The redirect's status (301, 302, 303, 307, 308), or undefined where the runtime hides it. */
  declare readonly status: number | undefined;
  /** The `Location` it pointed to (secrets redacted), or undefined where the runtime hides it. */
  declare readonly location: string | undefined;
  /** The request's method. */
  declare readonly method: string;
  /** The full URL that was called. */
  declare readonly url: string;
  /**
   * Whether the service may have acted before redirecting: false for a GET, true otherwise (a
   * 303 after a POST is the usual "done, look there"), as on every other error.
   */
  declare readonly mayHaveBeenProcessed: boolean;

  constructor(details: {
    status: number | undefined;
    location: string | undefined;
    method: string;
    url: string;
  }) {
    const where = details.location === undefined ? '' : ` to ${details.location}`;
    const status = details.status === undefined ? '' : ` (${details.status})`;
    super(
      `${details.method} ${details.url} answered with a redirect${status}${where}; seatpay does not follow redirects: check baseUrl`,
    );
    this.status = details.status;
    this.location = details.location;
    this.method = details.method;
    this.url = details.url;
    this.mayHaveBeenProcessed = details.method !== 'GET';
  }
}
