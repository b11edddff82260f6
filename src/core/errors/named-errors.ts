import { APIError } from './api-error.js';

/**
 * "Only the owner can manage team": a member tried to manage seats or team settings. Matched on
 * the service's message (or its slug) whatever the status. It is an {@link APIError}, and also
 * the status class of the answer: on a 403 (as the deployed server sends it) `instanceof
 * PermissionDeniedError` is true as well, so code written against either class catches it.
 *
 * @example
 * ```ts
 * import { OwnerOnlyError, PermissionDeniedError } from 'seatpay';
 *
 * try {
 *   await client.seats.add(sub.id, [{ email: 'ada@example.com' }]);
 * } catch (error) {
 *   if (error instanceof OwnerOnlyError) console.log('ask the subscription owner');
 *   else if (error instanceof PermissionDeniedError) console.log('not allowed');
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class OwnerOnlyError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'OwnerOnlyError';
}
/**
 * "Billing period limit reached": the team reached its spending cap for the period. Matched on
 * the service's message (or its slug) whatever the call and status; also an {@link APIError},
 * and an instance of the status class of the answer (`BadRequestError` on a 400 ...).
 *
 * @example
 * ```ts
 * import { BillingPeriodLimitError, spendingOf } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({
 *     service: 'ai-credits',
 *     how_many: 10,
 *     subscription: sub.id,
 *   });
 * } catch (error) {
 *   if (!(error instanceof BillingPeriodLimitError)) throw error;
 *   console.log('cap reached:', spendingOf(await client.billingTeam.get(sub.id)));
 * }
 * ```
 * @category Errors
 */
export class BillingPeriodLimitError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'BillingPeriodLimitError';
}
/**
 * "No budget available for recharge": an auto-recharge would exceed the spending cap. Matched on
 * the service's message (or its slug) whatever the call and status; also an {@link APIError},
 * and an instance of the status class of the answer (`BadRequestError` on a 400 ...).
 *
 * @example
 * ```ts
 * import { RechargeBudgetError } from 'seatpay';
 *
 * try {
 *   await client.consumables.checkout({
 *     service: 'ai-credits',
 *     how_many: 10,
 *     subscription: sub.id,
 *   });
 * } catch (error) {
 *   if (!(error instanceof RechargeBudgetError)) throw error;
 *   await client.billingTeam.update(sub.id, { max_monthly_spend: '100.00' }); // raise the cap
 * }
 * ```
 * @category Errors
 */
export class RechargeBudgetError extends APIError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'RechargeBudgetError';
}
