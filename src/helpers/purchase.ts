import { APIError } from '../core/errors/api-error.js';
import { ConnectionError } from '../core/errors/connection-error.js';
import type { SeatpayError } from '../core/errors/seatpay-error.js';
import { SubscriptionTimeoutError } from '../core/errors/helper-errors.js';
import { InvalidRequestError, ResponseValidationError } from '../core/errors/validation-errors.js';
import { checkNumberOption, MAX_TIMER_MS, parseInput } from '../core/validate-input.js';
import { IdInputSchema, NonEmptyStringSchema } from '../schemas/common.js';
import {
  CardParamsSchema,
  ChosenPeriodSchema,
  type Bag,
  type CardParams,
  type Checking,
  type ChosenPeriod,
  type Payment,
  type Plan,
} from '../schemas/payments.js';
import type { Consumable } from '../schemas/consumables.js';
import type { Subscription } from '../schemas/subscriptions.js';
import type { SeatpayClient } from '../client.js';
import { checkWaitForOptions, subscriptionsOf } from './wait-for-subscription.js';
import type { PurchaseStep, PurchaseStepName, PurchaseStepResults } from './purchase-step.js';

/**
 * The options of `client.purchase`. Every one is checked before the first request, so a mistake
 * throws `InvalidRequestError` with nothing sent.
 *
 * @example
 * ```ts
 * const options: PurchaseOptions = {
 *   plan: 'team-per-seat',
 *   team_seats: 3,
 *   card: { card_number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '2030' },
 *   chosen_period: 'MONTH',
 *   waitTimeout: 180_000,
 *   signal: AbortSignal.timeout(300_000),
 * };
 * const { subscription } = await client.purchase(options);
 * ```
 */
export interface PurchaseOptions {
  /** The plan's slug. */
  plan: string;
  /** How many seats to buy, for a team plan. */
  team_seats?: number;
  /** The card to register before paying (its number and CVC are never logged). */
  card: CardParams;
  /** The billing period to pay for: `'MONTH'`, `'QUARTER'`, `'HALF'` or `'YEAR'`. */
  chosen_period: ChosenPeriod;
  /**
   * The payment method to pay with, sent with the pay request: the deployed server requires it
   * (`profile: 'deployed'`; its ids come from `GET /v1/payments/methods`).
   */
  payment_method_id?: number;
  /** Subscription ids known before paying; listed first when not given. */
  exclude?: number[];
  /** Cancels the flow, the request or poll in flight included; rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Called as each step ends, with what it produced. */
  onStep?: (step: PurchaseStep) => void;
  /** How long to wait for the subscription, in ms. @defaultValue 120000 */
  waitTimeout?: number;
  /** The first wait between polls, in ms. @defaultValue 2000 */
  pollInterval?: number;
}

/**
 * What `client.purchase` resolves to: the answer of every step.
 *
 * @example
 * ```ts
 * const result: PurchaseResult = await client.purchase({
 *   plan: 'team-per-seat',
 *   team_seats: 3,
 *   card: { card_number: '4242424242424242', cvc: '123' },
 *   chosen_period: 'MONTH',
 * });
 * console.log(result.subscription.id, result.preview.amount_per_month, result.consumables.length);
 * ```
 */
export interface PurchaseResult {
  /** The plan, as read first. */
  plan: Plan;
  /** The priced preview. */
  preview: Checking;
  /** The bag that was paid. */
  bag: Bag;
  /** The service's answer to paying; undefined when paying failed ambiguously but the subscription appeared. */
  payment: Payment | undefined;
  /** The new subscription. */
  subscription: Subscription;
  /** The caller's consumables once the subscription exists (`consumables.items()`). */
  consumables: Consumable[];
}

/**
 * The whole payment flow: plan, preview, bag, card, pay, wait for the subscription, consumables.
 * Paying is never repeated: if it fails in a way that leaves the charge unknown, the flow waits
 * for the subscription instead and rejects with the payment's error only if none appears.
 */
export async function purchase(
  client: SeatpayClient,
  options: PurchaseOptions,
): Promise<PurchaseResult> {
  checkPurchaseOptions(options);
  const { signal } = options;
  const request = signal ? { signal } : {};
  const report = <Name extends PurchaseStepName>(
    step: Name,
    result: PurchaseStepResults[Name],
  ): PurchaseStepResults[Name] => (options.onStep?.({ step, result } as PurchaseStep), result);

  const plan = report('plan', await client.plans.get(options.plan, request));
  const exclude =
    options.exclude ??
    report(
      'existing',
      subscriptionsOf(await client.subscriptions.list(request)).map((s) => s.id),
    );
  const checking = {
    // Optional chaining: under `validate: 'off'` the plan is whatever the service sent.
    plans: [plan?.id ?? plan?.slug ?? options.plan],
    ...(options.team_seats === undefined ? {} : { team_seats: options.team_seats }),
  };
  const preview = report('preview', await client.checking.preview(checking, request));
  const bag = report('bag', await client.checking.bag(checking, request));
  report('card', await client.card.register(options.card, request));

  let payment: Payment | undefined;
  let ambiguous: SeatpayError | undefined;
  try {
    payment = await client.pay.bag(
      {
        token: bag?.token,
        chosen_period: options.chosen_period,
        ...(options.payment_method_id === undefined
          ? {}
          : { payment_method_id: options.payment_method_id }),
      },
      request,
    );
  } catch (error) {
    if (!leavesChargeUnknown(error)) throw error;
    ambiguous = error as SeatpayError;
  }
  report('pay', payment ?? (ambiguous as SeatpayError));

  let subscription: Subscription;
  try {
    subscription = await client.subscriptions.waitFor({
      exclude,
      match: (s) =>
        !Array.isArray(s.plans) ||
        s.plans.some(
          (p) => p?.slug === plan?.slug || (plan?.id !== undefined && p?.id === plan?.id),
        ),
      ...(options.waitTimeout === undefined ? {} : { timeout: options.waitTimeout }),
      ...(options.pollInterval === undefined ? {} : { interval: options.pollInterval }),
      ...request,
    });
  } catch (error) {
    throw ambiguous !== undefined && error instanceof SubscriptionTimeoutError ? ambiguous : error;
  }
  report('subscription', subscription);
  const consumables = report('consumables', await client.consumables.items(request));
  return { plan, preview, bag, payment, subscription, consumables };
}

/**
 * Checks every option before the first request. The card, seat count and period used to be
 * checked only by the call that sends them, so a bad card number was rejected after the plan had
 * been read and a bag created: an InvalidRequestError must mean that nothing was sent.
 */
function checkPurchaseOptions(options: PurchaseOptions): void {
  if (!options || typeof options !== 'object') {
    throw new InvalidRequestError('purchase needs an options object', { field: 'options' });
  }
  parseInput(NonEmptyStringSchema, options.plan, 'plan');
  if (options.team_seats !== undefined) parseInput(IdInputSchema, options.team_seats, 'team_seats');
  parseInput(CardParamsSchema, options.card, 'card');
  parseInput(ChosenPeriodSchema, options.chosen_period, 'chosen_period');
  if (options.onStep !== undefined && typeof options.onStep !== 'function') {
    throw new InvalidRequestError('Invalid onStep: must be a function', { field: 'onStep' });
  }
  if (options.waitTimeout !== Infinity) checkNumberOption('waitTimeout', options.waitTimeout);
  checkNumberOption('pollInterval', options.pollInterval, MAX_TIMER_MS);
  checkWaitForOptions({ exclude: options.exclude, signal: options.signal });
}

/**
 * A failure after which the charge may have happened: no answer, a 5xx, or a 2xx whose body could
 * not be read (the charge went through; without this the flow failed after charging, and a caller
 * who bought again was charged twice).
 */
function leavesChargeUnknown(error: unknown): boolean {
  return (
    (error instanceof ConnectionError ||
      error instanceof APIError ||
      error instanceof ResponseValidationError) &&
    error.mayHaveBeenProcessed
  );
}
