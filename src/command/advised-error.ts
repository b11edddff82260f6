import { SeatpayError } from '../index.js';
import type { ExitCode } from './exit-codes.js';

/**
 * A failure with what to do about it, said on the same line (the key to reconcile, say). A
 * `SeatpayError`, as every error seatpay throws; its exit code is its `error`'s (main.ts).
 */
export class AdvisedError extends SeatpayError {
  static override readonly seatpayErrorClass: string = 'AdvisedError';

  constructor(
    readonly error: unknown,
    readonly advice: string,
    /**
     * The exit code, when it is not the error's own (a money order refused for good: 4); `said`,
     * what happened in the command's words, when the error's own message speaks the SDK's.
     */
    readonly told: { exit?: ExitCode; code?: string | undefined; said?: string } = {},
  ) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
