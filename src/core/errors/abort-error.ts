import { SeatpayError } from './seatpay-error.js';

/**
 * The caller's `AbortSignal` fired; nothing more is sent or waited for. Thrown by any call, by
 * `subscriptions.waitFor` and by `media.upload` (which first stops every chunk in flight); the
 * signal's reason is its `cause`.
 *
 * @example
 * ```ts
 * import { AbortError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.list({ signal: AbortSignal.timeout(5_000) });
 * } catch (error) {
 *   if (error instanceof AbortError) console.log('cancelled:', error.cause);
 *   else throw error;
 * }
 * ```
 */
export class AbortError extends SeatpayError {
  override name = 'AbortError';

  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
