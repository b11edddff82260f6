import { SeatpayError } from '../index.js';

/**
 * A mistake on the command line or in an input file: printed as one line that says what to type
 * instead, with no stack, and exit code 2. Nothing was sent. `lines` are printed after it, one per
 * mistake, when there are many (every bad row of a CSV file, in one pass). A `SeatpayError`, as
 * every error seatpay throws: printed or logged, it is redacted and bounded the same way.
 */
export class UsageError extends SeatpayError {
  static override readonly seatpayErrorClass: string = 'UsageError';

  constructor(
    message: string,
    readonly lines: readonly string[] = [],
  ) {
    super(message);
  }
}
