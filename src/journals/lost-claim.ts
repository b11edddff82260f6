import { SeatpayError } from '../core/errors/index.js';

/**
 * Stops an attempt of a keyed call before it leaves: the run's claim on its key was lost since it
 * claimed it (stopped or suspended past its lease while its token was fetched or a retry waited,
 * and the key settled and run again elsewhere meanwhile). Nothing was sent; the keyed call catches
 * it and follows the key's record, as a run that lost its claim does. Never reaches the caller.
 * @internal
 */
export class LostClaimError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'LostClaimError';
  readonly mayHaveBeenProcessed = false;

  constructor(key: string) {
    super(`The claim on the key "${key}" was lost before its request left; nothing was sent`);
  }
}

/** What a run whose claim was lost before its request left resolves to: nothing (else rethrown). */
export function unlessLostClaim(error: unknown): undefined {
  if (error instanceof LostClaimError) return undefined;
  throw error;
}
