import { SeatpayError } from '../index.js';

/**
 * A read that failed (`seats list`, `team get`, `journal reconcile` ...): a read charges nothing,
 * so whatever its error says of the request (a 5xx "may have been processed", an answer that is
 * not what was expected), the command never tells to settle it (exit 3): it failed, run it again.
 * A `SeatpayError`, as every error seatpay throws.
 */
export class ReadFailure extends SeatpayError {
  static override readonly seatpayErrorClass: string = 'ReadFailure';

  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Runs a read; its failure becomes a {@link ReadFailure}. */
export async function reading<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ReadFailure(error);
  }
}
