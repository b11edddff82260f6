import type { SeatpayError } from '../core/errors/seatpay-error.js';
import type { Consumable } from '../schemas/consumables.js';
import type { CardResult, Payment, Plan } from '../schemas/payments.js';
import type { Bag, Checking } from '../schemas/checking.js';
import type { Subscription } from '../schemas/subscriptions.js';

/**
 * What each step of `purchase` produces, by step name: the type of `result` in the
 * {@link PurchaseStep} that `onStep` receives for that step.
 *
 * @example
 * ```ts
 * const paid: PurchaseStepResults['pay'] = await client.pay.bag({
 *   token: bag.token,
 *   chosen_period: 'MONTH',
 * });
 * ```
 * @category Helpers
 */
export interface PurchaseStepResults {
  /** The plan, as `plans.get` read it. */
  plan: Plan;
  /** The ids of the subscriptions listed just before paying (only when `exclude` was not given). */
  existing: number[];
  /** The priced preview. */
  preview: Checking;
  /** The bag that is paid next. */
  bag: Bag;
  /** The service's answer to registering the card. */
  card: CardResult;
  /**
   * The service's answer to paying; or, when paying failed in a way that leaves the charge
   * unknown (no answer, a 5xx, an unreadable 2xx, or your own code throwing while it was out), the
   * error that left it unknown.
   */
  pay: Payment | SeatpayError;
  /** The new subscription, once waiting for it ended. */
  wait: Subscription;
  /** The caller's consumables once the subscription exists. */
  consumables: Consumable[];
}

/**
 * The steps of `purchase`, in order: plan, preview, bag, card, existing, pay, wait, consumables.
 * `'existing'` (listing the subscriptions known before paying, right before paying) runs only when
 * `exclude` is not given; a re-run with a recorded `key` reports only the steps it still runs.
 *
 * @example
 * ```ts
 * const labels: Record<PurchaseStepName, string> = {
 *   plan: 'Reading the plan', preview: 'Pricing', bag: 'Creating the bag',
 *   card: 'Registering the card', existing: 'Listing subscriptions', pay: 'Paying',
 *   wait: 'Waiting for the subscription', consumables: 'Listing consumables',
 * };
 * ```
 * @category Helpers
 */
export type PurchaseStepName = keyof PurchaseStepResults;

/**
 * What `onStep` receives as each step of `purchase` ends: a union discriminated on `step`, so
 * checking the step's name types its `result`.
 *
 * @example
 * ```ts
 * await client.purchase({
 *   plan: 'team-per-seat',
 *   card: { card_number: '4242424242424242', cvc: '123' },
 *   chosen_period: 'MONTH',
 *   onStep: (done: PurchaseStep) => {
 *     if (done.step === 'preview') console.log('per month:', done.result.amount_per_month);
 *     if (done.step === 'wait') console.log('subscription', done.result.id);
 *   },
 * });
 * ```
 * @category Helpers
 */
export type PurchaseStep = {
  [Name in PurchaseStepName]: {
    /** Which step just ended. */
    step: Name;
    /** What the step produced. */
    result: PurchaseStepResults[Name];
  };
}[PurchaseStepName];
