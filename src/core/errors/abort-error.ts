import { SeatpayError } from './seatpay-error.js';

/** The caller's `AbortSignal` fired; nothing more is sent or waited for. */
export class AbortError extends SeatpayError {
  override name = 'AbortError';

  constructor(message = 'The operation was aborted', options?: { cause?: unknown }) {
    super(message, options);
  }
}
