import { howToSettle } from '../../journals/journal-errors.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';
import { safeCause } from '../../core/secrets/foreign-cause.js';
import { WAIT_AGAIN } from '../helper-errors.js';

/**
 * Where a failed `purchase()` stopped: reading the plan, pricing it (`preview`), creating the bag,
 * registering the card, paying (listing the subscriptions known before paying included), waiting
 * for the new subscription, or listing the consumables.
 *
 * @example
 * ```ts
 * const retryable: PurchaseFailedStep[] = ['plan', 'preview', 'bag', 'card'];
 * ```
 * @category Errors
 */
export type PurchaseFailedStep =
  'plan' | 'preview' | 'bag' | 'card' | 'pay' | 'wait' | 'consumables';

/**
 * Whether a failed purchase took the money: `'no'` when the pay request never reached the service
 * (or the service refused it), `'yes'` when the service answered it with success or its
 * subscription appeared, `'unknown'` otherwise.
 *
 * @example
 * ```ts
 * const advice: Record<PurchaseCharged, string> = {
 *   no: 'nothing was charged: buying again is safe',
 *   yes: 'charged: look for the subscription, do not buy again',
 *   unknown: 'maybe charged: reconcile before buying again',
 * };
 * ```
 * @category Errors
 */
export type PurchaseCharged = 'no' | 'unknown' | 'yes';

/**
 * Every failure of `client.purchase()`. `charged` says whether the money moved; `step` where the
 * flow stopped; `cause` is the underlying error (an `APIError`, `AbortError`,
 * `SubscriptionTimeoutError`, or what the caller's own `onStep` threw). A `PurchaseError` whose
 * `charged` is `'no'` may be retried; any other must be reconciled first (re-running the purchase
 * with the same `key` does that: it never pays again).
 *
 * @example
 * ```ts
 * import { PurchaseError } from 'seatpay';
 *
 * try {
 *   await client.purchase({ plan: 'team-per-seat', card, chosen_period: 'MONTH', key: orderId });
 * } catch (error) {
 *   if (!(error instanceof PurchaseError)) throw error;
 *   if (error.charged === 'no') console.log('nothing charged; safe to try again');
 *   else console.log('charged or maybe charged: run again with the same key', error.payment);
 * }
 * ```
 * @category Errors
 */
export class PurchaseError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'PurchaseError';
  /** The step the flow stopped at. */
  readonly step: PurchaseFailedStep;
  /** Whether the card was charged: `'no'`, `'unknown'` or `'yes'`. */
  readonly charged: PurchaseCharged;
  /** `charged !== 'no'`: the service may have taken the money, so never simply buy again. */
  readonly mayHaveBeenProcessed: boolean;
  /** The service's answer to paying (a `Payment`), when it came. */
  readonly payment: unknown;
  /** The new subscription (a `Subscription`), when it was found before the failure. */
  readonly subscription: unknown;
  /**
   * The service's refusal code of the `cause` (`'card-error'`, `'plan-already-bought'` ...: the
   * `APIError`'s `code`, see docs/errors.md), or `null` when the cause names none, so that
   * `error.code === 'card-error'` works on the purchase's error as on the call's.
   */
  readonly code: string | null;

  constructor(details: {
    step: PurchaseFailedStep;
    charged: PurchaseCharged;
    cause: unknown;
    payment?: unknown;
    subscription?: unknown;
    /** The purchase's `key`: a message about an unknown charge says how to settle it. */
    key?: string | undefined;
    /** The key was recorded in the client's memory journal (no `journal` given): gone on restart. */
    inMemory?: boolean | undefined;
  }) {
    // Read once, safely: what the caller's own code threw (an onStep throwing a Proxy) must not
    // turn the purchase's error into another, hiding whether the card was charged.
    const cause = safeCause(details.cause);
    super(purchaseMessage({ ...details, cause }), { cause });
    this.step = details.step;
    this.charged = details.charged;
    this.mayHaveBeenProcessed = details.charged !== 'no';
    this.payment = details.payment;
    this.subscription = details.subscription;
    this.code = codeOf(cause);
  }
}

/** The `code` of a seatpay error (an `APIError`'s refusal code), read without running a getter. */
function codeOf(cause: unknown): string | null {
  if (!(cause instanceof SeatpayError)) return null;
  const code: unknown = Object.getOwnPropertyDescriptor(cause, 'code')?.value;
  return typeof code === 'string' ? code : null;
}

function purchaseMessage({
  step,
  charged,
  cause,
  key,
  inMemory,
}: {
  step: PurchaseFailedStep;
  charged: PurchaseCharged;
  cause: unknown;
  key?: string | undefined;
  inMemory?: boolean | undefined;
}): string {
  const said = cause instanceof Error ? cause.message : 'an unknown failure';
  // Its wait ran out: the wait's own advice ("wait again with a longer timeout") names waitFor's
  // option and no way to wait again; the purchase's advice below does (newuser17's t13).
  const waited = step === 'wait' && said.endsWith(`${WAIT_AGAIN})`);
  const reason = waited ? said.replace(WAIT_AGAIN, '') : said;
  const money = {
    no: 'nothing was charged',
    yes: 'the card WAS charged',
    unknown: 'the card MAY have been charged',
  }[charged];
  const message = `Purchase failed at step "${step}" (${money}): ${reason}`;
  if (charged === 'yes') {
    // Paid: what a re-run does is the whole question (docs/purchases.md's table).
    return key === undefined
      ? `${message}. Do not buy again: the subscription it paid for appears by itself (client.subscriptions.waitFor(), or client.subscriptions.list())`
      : `${message}. Do not buy again: run the purchase again with the key "${key}" to finish it, never paying twice${inMemory ? ` (from this client: the key is in its memory journal, so after a restart the subscription it paid for appears by itself: client.subscriptions.waitFor())` : ''}`;
  }
  if (charged === 'no') return message;
  return key === undefined
    ? `${message}. Do not buy again before you know: look for its subscription (a purchase with a key and a journal can be settled through client.journal)`
    : `${message}. ${waited ? waitAgain(key, inMemory) : ''}${howToSettle(key)}`;
}

/** How a keyed purchase whose wait ran out waits again, the card maybe charged: its re-run. */
const waitAgain = (key: string, inMemory: boolean | undefined) =>
  `Do not buy again: run the purchase again with the key "${key}"${inMemory ? ' from this client' : ''} and a longer \`waitTimeout\`, never paying twice. `;
