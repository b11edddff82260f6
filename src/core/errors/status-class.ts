import { APIError } from './api-error.js';
import { isSeatpayInstance } from './error-brand.js';

/**
 * `instanceof` for the status classes (`PermissionDeniedError` ...): true for an instance of the
 * class itself, and for any other {@link APIError} answered with the class's status. A named
 * failure (`OwnerOnlyError` on a 403) is thrown as its own class, since JavaScript gives a class
 * one parent; this makes it an instance of its status class too, so a `catch` written against
 * either class catches it, whichever build of seatpay (ESM or CommonJS) threw it. A user's subclass of a status class gets the plain check.
 */
export function isStatusInstance(
  receiver: unknown,
  isStatusClass: boolean,
  value: unknown,
  hasStatus: (status: number) => boolean,
): boolean {
  if (isSeatpayInstance(receiver, value)) return true;
  return isStatusClass && value instanceof APIError && hasStatus(value.status);
}
