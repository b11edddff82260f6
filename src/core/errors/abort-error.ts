import { SeatpayError } from './seatpay-error.js';

/**
 * The caller's `AbortSignal` fired; nothing more is sent or waited for. Thrown by any call, by
 * `subscriptions.waitFor` and by `media.upload` (which first stops every chunk in flight); the
 * signal's reason is its `cause`. `mayHaveBeenProcessed` is true when the signal fired after a
 * call that spends money or creates something (pay, checking, consumable checkout, finalize) was
 * sent: the service may have acted on it, so check before sending it again.
 *
 * @example
 * ```ts
 * import { AbortError } from 'seatpay';
 *
 * try {
 *   await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' }, { signal });
 * } catch (error) {
 *   if (!(error instanceof AbortError)) throw error;
 *   if (error.mayHaveBeenProcessed) console.log('the charge may have happened: check first');
 * }
 * ```
 * @category Errors
 */
export class AbortError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'AbortError';
  /**
   * Whether the aborted request may have reached the service and been acted on: true only for a
   * money call (pay, checking, consumable checkout, finalize) aborted after it was sent.
   */
  declare readonly mayHaveBeenProcessed: boolean;

  constructor(
    message = 'The operation was aborted',
    options?: { cause?: unknown; mayHaveBeenProcessed?: boolean },
  ) {
    super(message, options && 'cause' in options ? { cause: options.cause } : undefined);
    this.mayHaveBeenProcessed = options?.mayHaveBeenProcessed ?? false;
  }
}
