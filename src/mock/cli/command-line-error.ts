import { SeatpayError } from '../../core/errors/seatpay-error.js';

/**
 * A mistake on the command line: printed as one line, with no stack, and exit code 2. A
 * `SeatpayError`, as every error seatpay throws.
 */
export class CommandLineError extends SeatpayError {
  static override readonly seatpayErrorClass: string = 'CommandLineError';
}
