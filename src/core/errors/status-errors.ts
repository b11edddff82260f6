import { APIError } from './api-error.js';
import { isStatusInstance } from './status-class.js';

/**
 * 400: the body does not match the schema, a field is missing or has the wrong type. seatpay checks
 * arguments before sending (see {@link InvalidRequestError}), so this is a rule only the service
 * knows; its field errors are in `message` and `body`.
 *
 * @example
 * ```ts
 * import { BadRequestError } from 'seatpay';
 *
 * try {
 *   await client.checking.bag({ plans: [plan.id!], team_seats: 3 });
 * } catch (error) {
 *   if (error instanceof BadRequestError) console.log(error.message, error.body);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class BadRequestError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'BadRequestError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is BadRequestError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 400);
  }
}
/**
 * 401: the token is missing, invalid or expired. Never retried; give the client a token function
 * (`token: () => ...`) to hand out a fresh token on every attempt.
 *
 * @example
 * ```ts
 * import { AuthenticationError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.list();
 * } catch (error) {
 *   if (error instanceof AuthenticationError) console.log('sign in again');
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class AuthenticationError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'AuthenticationError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is AuthenticationError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 401);
  }
}
/**
 * 402: the payment was refused: the card was declined (the deployed server's "Card declined"),
 * judged fraudulent, or the payment provider failed. It says nothing of a charge by itself;
 * `purchase()` reports a declined pay as a `PurchaseError` with `charged: 'no'`. Not retried:
 * the same card would be refused again.
 *
 * @example
 * ```ts
 * import { PaymentRequiredError } from 'seatpay';
 *
 * try {
 *   await client.pay.bag({ token: bag.token, chosen_period: 'MONTH', payment_method_id: 3 });
 * } catch (error) {
 *   if (error instanceof PaymentRequiredError) console.log('card refused:', error.message);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class PaymentRequiredError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'PaymentRequiredError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`BillingPeriodLimitError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is PaymentRequiredError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 402);
  }
}
/**
 * 403: the caller may not do this. When the service says why in SERVICE.md's words ("Only the
 * owner can manage team"), the more precise {@link OwnerOnlyError} is thrown, which is also a
 * `PermissionDeniedError`: `instanceof` either class catches it.
 *
 * @example
 * ```ts
 * import { PermissionDeniedError } from 'seatpay';
 *
 * try {
 *   await client.billingTeam.get(sub.id);
 * } catch (error) {
 *   if (error instanceof PermissionDeniedError) console.log('not allowed:', error.message);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class PermissionDeniedError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'PermissionDeniedError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is PermissionDeniedError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 403);
  }
}
/**
 * 404: the subscription, plan slug or academy does not exist.
 *
 * @example
 * ```ts
 * import { NotFoundError } from 'seatpay';
 *
 * const plan = await client.plans.get('team-per-seat').catch((error: unknown) => {
 *   if (error instanceof NotFoundError) return undefined; // no such plan
 *   throw error;
 * });
 * ```
 * @category Errors
 */
export class NotFoundError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'NotFoundError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is NotFoundError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 404);
  }
}
/**
 * 409: the request conflicts with the current state. Not retried: sending it again would conflict
 * again; read the current state first.
 *
 * @example
 * ```ts
 * import { ConflictError } from 'seatpay';
 *
 * try {
 *   await client.seats.replace(sub.id, [
 *     { from_email: 'bob@example.com', to_email: 'eve@example.com' },
 *   ]);
 * } catch (error) {
 *   if (error instanceof ConflictError) console.log(await client.seats.list(sub.id));
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class ConflictError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'ConflictError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is ConflictError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 409);
  }
}
/**
 * 429: too many requests; `headers['retry-after']` says when to come back. seatpay already
 * waits and retries (up to `maxRetries`, honouring `Retry-After` up to `maxRetryDelay`): this is
 * thrown only when those retries are spent.
 *
 * @example
 * ```ts
 * import { RateLimitError } from 'seatpay';
 *
 * try {
 *   await client.subscriptions.list();
 * } catch (error) {
 *   if (error instanceof RateLimitError) console.log('retry after', error.headers['retry-after']);
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class RateLimitError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'RateLimitError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is RateLimitError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status === 429);
  }
}
/**
 * 500 and above: the service failed. Idempotent calls are retried first; for a call that spends
 * money `mayHaveBeenProcessed` says whether it may have gone through anyway.
 *
 * @example
 * ```ts
 * import { InternalServerError } from 'seatpay';
 *
 * try {
 *   await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * } catch (error) {
 *   if (!(error instanceof InternalServerError)) throw error;
 *   // Do not pay again blindly: wait for the subscription the payment may have created.
 *   if (error.mayHaveBeenProcessed) await client.subscriptions.waitFor({ exclude: before });
 * }
 * ```
 * @category Errors
 */
export class InternalServerError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'InternalServerError';

  // A private brand, not the class's own name: a self-reference makes bundlers rename the class.
  static #statusClass = true;

  /** Also true for a named error (`OwnerOnlyError` ...) answered with this status. @internal */
  static [Symbol.hasInstance](value: unknown): value is InternalServerError {
    return isStatusInstance(this, #statusClass in this, value, (status) => status >= 500);
  }
}
