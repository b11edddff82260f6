import { InvalidRequestError } from '../../core/errors/validation-errors.js';
import { isSignal } from '../../signal-like.js';
import type { CardParams, ChosenPeriod, Payment, Plan } from '../../schemas/payments.js';
import type { Bag, Checking } from '../../schemas/checking.js';
import type { Consumable } from '../../schemas/consumables.js';
import type { Subscription } from '../../schemas/subscriptions.js';
import type { PurchaseStep } from '../purchase-step.js';
import type { PurchaseJournal } from '../../journals/journal.js';

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
 * @category Helpers
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
   * whenever the amount is above 0 (`profile: 'deployed'`; without it, 400 "Payment method is
   * required"; its ids come from `GET /v1/payments/methods`).
   */
  payment_method_id?: number;
  /**
   * The academy selling the plan (its id, or its slug), sent with the preview, the bag and the
   * card: the deployed server requires it on the card (400 "Missing academy parameter") and
   * prices the bag in that academy's currency. A `card.academy` of its own is kept.
   */
  academy?: number | string;
  /** Subscription ids known before paying; listed just before paying when not given. */
  exclude?: number[];
  /**
   * Your own reference for this purchase (an order id): with it the purchase is recorded in
   * `journal` before the pay request leaves, and any later `purchase()` with the same key never
   * pays again; it resolves with the recorded result or waits for the recorded payment's
   * subscription.
   */
  key?: string;
  /**
   * Who the `key` belongs to: a keyed purchase recorded by another identity is refused with
   * `KeyOwnerError`, never replayed. Default: the client's token (a salted, slow digest of it is
   * recorded, never the token). Give your own user id here when your token provider's tokens
   * rotate, so that a re-run with a fresh token still finds its purchase.
   */
  identity?: string;
  /**
   * Where purchases with a `key` are recorded; default: one in memory, shared by the client and
   * its `withOptions` clients. Given (or `identity`) with no `key`: `InvalidRequestError`, nothing
   * sent.
   */
  journal?: PurchaseJournal;
  /** Cancels the flow, the request or poll in flight included; rejects with `AbortError`. */
  signal?: AbortSignal;
  /**
   * The most the whole purchase may take, in ms: every step, retry, wait and poll included. When
   * it runs out the purchase stops and rejects with a `PurchaseError` whose `cause` is a
   * `TimeoutError` (`mayHaveBeenProcessed` when the pay request may have left). Default: none.
   */
  totalTimeout?: number;
  /** Called as each step ends, with what it produced. If it throws, the purchase stops with a `PurchaseError` that still says whether the card was charged. */
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
 * @category Helpers
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
 * What a key's record must match: the parameters that decide what is bought (never the card), as
 * a journal gives them back (through JSON: undefined fields dropped), the one copy a run keeps.
 */
export function purchaseParams(options: PurchaseOptions): Record<string, unknown> {
  const { plan, team_seats, chosen_period, payment_method_id, academy } = options;
  const params = { plan, team_seats, chosen_period, payment_method_id, academy };
  return JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
}

/** What the steps before paying produced. */
export interface Prepared {
  plan: Plan;
  preview: Checking;
  bag: Bag;
}

/** Every option `client.purchase` reads: any other is read by nothing. */
const PURCHASE_OPTIONS = new Set<string>([
  ...['plan', 'team_seats', 'card', 'chosen_period', 'payment_method_id', 'academy', 'exclude'],
  ...['key', 'identity', 'journal', 'signal', 'totalTimeout', 'onStep', 'waitTimeout'],
  'pollInterval',
]);

/**
 * An option of `purchase` that it does not read, given from JavaScript (TypeScript refuses it):
 * `timeout: 0` was ignored and the purchase paid in full (loose15). Refused before anything is
 * sent, naming the option meant; one left `undefined` (a wrapper's spread) is not.
 */
export function unknownPurchaseOption(options: object): InvalidRequestError | undefined {
  const given = options as Record<string, unknown>;
  const name = Object.keys(given).find((n) => !PURCHASE_OPTIONS.has(n) && given[n] !== undefined);
  if (name === undefined) return undefined;
  const meant = /timeout/i.test(name)
    ? 'give `totalTimeout` (ms for the whole purchase), `waitTimeout` or a `signal`'
    : `its options are ${[...PURCHASE_OPTIONS].join(', ')}`;
  return new InvalidRequestError(
    `\`${name}\` is no option of purchase: ${meant}. Nothing was sent`,
    {
      field: name,
    },
  );
}

/**
 * The refusal of `name`, given in `client.purchase`'s second argument from JavaScript
 * (`{ timeout: 0 }`): purchase takes one argument, so it was read by nothing and the purchase ran
 * without the bound meant (fifteenth pass). In the purchase's chunk: a page that never buys does
 * not ship its message (size16).
 */
export function secondArgumentError(given: unknown, name: string): InvalidRequestError {
  const meant =
    'is read by nothing: purchase takes one argument, give `totalTimeout`, `waitTimeout` or `signal` in it. Nothing was sent';
  // Not options at all (`null`, a number, a string: never quoted, it may be a token): told as
  // what it is, not as an option named `object` (newuser16); an AbortSignal too (redteam40).
  const signal = isSignal(given);
  if (typeof given !== 'object' || given === null || signal) {
    const what = signal ? 'an AbortSignal' : given === null ? 'null' : typeof given;
    return new InvalidRequestError(`purchase's second argument (${what}) ${meant}`, {
      field: signal ? 'signal' : what,
    });
  }
  return new InvalidRequestError(`\`${name}\` in purchase's second argument ${meant}`, {
    field: name,
  });
}
