import { InvalidRequestError } from './core/errors/validation-errors.js';
import { SeatpayError } from './core/errors/seatpay-error.js';
import { safeCause } from './core/secrets/foreign-cause.js';

/**
 * What reading a call's arguments threw (a getter of the caller's, a Proxy), as bad input: every
 * error is a SeatpayError, and this one was thrown before anything was sent or recorded. Ours
 * (a refusal) stays as it is. The caller hides its secrets in it (`secrets.error`).
 */
export function unreadableArguments(thrown: unknown): SeatpayError {
  if (thrown instanceof SeatpayError) return thrown;
  const error = new InvalidRequestError(
    "Reading the call's arguments threw (a getter or Proxy: see cause): give plain values. Nothing was sent",
  );
  // As `new Error(message, { cause })` makes it: own, not enumerable, a safe copy of what threw.
  return Object.defineProperty(error, 'cause', {
    value: safeCause(thrown),
    writable: true,
    configurable: true,
  });
}
