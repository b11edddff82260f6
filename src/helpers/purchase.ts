import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { checkNumberOption, MAX_TIMER_MS, parseInput } from '../core/prepare/validate-input.js';
import { AcademyInputSchema, IdInputSchema, NonEmptyStringSchema } from '../schemas/common.js';
import { CardParamsSchema, ChosenPeriodSchema } from '../schemas/payments.js';
import { purchasesOf } from './purchase/client-purchases.js';
import { PurchaseFlow } from './purchase/flow.js';
import type { PurchaseCalls } from './purchase/purchase-calls.js';
import { refuseMiscasedPeriod } from './purchase/sold-periods.js';
import {
  unknownPurchaseOption,
  type PurchaseOptions,
  type PurchaseResult,
} from './purchase/purchase-options.js';
import { startDeadline } from '../core/retry/deadline.js';
import { keyScopeOf, type KeyLoan } from '../keys/key-scope.js';
import { keyOwnerDigest } from '../keys/owner-digest.js';
import { checkKeyAndJournal } from '../journals/key-checks.js';
import { checkWaitForOptions } from './wait-for-subscription.js';
import type { OperationNotes } from '../core/observe/operation-notes.js';
import type { Route } from '../core/routes/routes.js';
import { unreadableArguments } from '../unreadable-arguments.js';

export type { PurchaseOptions, PurchaseResult } from './purchase/purchase-options.js';
export { secondArgumentError } from './purchase/purchase-options.js';

/**
 * The whole payment flow: plan, preview, bag, card, pay, wait for the subscription, consumables.
 * Paying is never repeated: if it fails in a way that leaves the charge unknown, the flow waits
 * for the subscription instead. Every failure is a `PurchaseError` saying whether the card was
 * charged. The client's purchases pay and wait one at a time (see `MoneyQueue`).
 */
export async function purchase(
  client: PurchaseCalls,
  options: PurchaseOptions,
  loan: KeyLoan,
  notes: OperationNotes,
  cardRoute: Route, // what this profile's server requires of the card (the deployed: its expiry)
): Promise<PurchaseResult> {
  const exclude = checkedReading(options, cardRoute);
  const deadline = startDeadline(options.totalTimeout, options.signal, 'The purchase');
  try {
    // The purchases of one client share a money queue and its claimed subscriptions. The flow
    // gets the `exclude` that was checked (a copy), never reads the caller's again.
    const flow = new PurchaseFlow(
      client,
      { ...traced(options, notes, loan), exclude, signal: deadline.signal },
      purchasesOf(client),
      (key, identity) => keyScopeOf(loan, key, identity, keyOwnerDigest),
      notes,
    );
    return await flow.run();
  } finally {
    deadline.clear();
  }
}

/** The options with each step told to the purchase's span as an event (nothing, untraced). */
function traced(options: PurchaseOptions, notes: OperationNotes, loan: KeyLoan): PurchaseOptions {
  // The card is hidden from here on, not from its sending: a key may quote it (a span's
  // attribute), and so may the reason of a signal that stops a step before the card's.
  loan.secrets.remember([options.card.card_number, options.card.cvc]);
  if (options.key !== undefined)
    notes.set({ 'seatpay.key': options.key, 'seatpay.replayed': false });
  const { onStep } = options;
  return {
    ...options,
    onStep: (done) => {
      notes.event('seatpay.purchase.step', { 'seatpay.step': done.step });
      onStep?.(done);
    },
  };
}

/** The checks, with what a getter of the order's threw as they read it refused as bad input. */
function checkedReading(options: PurchaseOptions, cardRoute: Route): number[] | undefined {
  try {
    return checkPurchaseOptions(options, cardRoute);
  } catch (thrown) {
    throw unreadableArguments(thrown);
  }
}

/**
 * Checks every option before the first request. The card, seat count and period used to be
 * checked only by the call that sends them, so a bad card number was rejected after the plan had
 * been read and a bag created: an InvalidRequestError must mean that nothing was sent. Returns
 * the ids of `exclude` as checked (a copy), or undefined when not given.
 */
function checkPurchaseOptions(options: PurchaseOptions, cardRoute: Route): number[] | undefined {
  if (!options || typeof options !== 'object') {
    throw new InvalidRequestError('purchase needs an options object', { field: 'options' });
  }
  const unknown = unknownPurchaseOption(options);
  if (unknown) throw unknown;
  parseInput(NonEmptyStringSchema, options.plan, 'plan');
  if (options.team_seats !== undefined) parseInput(IdInputSchema, options.team_seats, 'team_seats');
  const card = parseInput(CardParamsSchema, options.card, 'card') as Record<string, unknown>;
  // Else refused at the card step, after the plan, the preview and the bag (review21a). The card
  // is sent with the purchase's `academy` when it names none (flow.ts).
  const sent = (field: string) =>
    card[field] ?? (field === 'academy' ? options.academy : undefined);
  const missing = cardRoute.requiredFields?.find((field) => sent(field) === undefined);
  if (missing !== undefined) {
    const field = `card.${missing}`;
    // The purchase's own `academy` is the easier one to give: it goes with the card too.
    const instead = missing === 'academy' ? '; give academy to purchase (or card.academy)' : '';
    const message = `Invalid ${field}: required by this profile's server${instead}`;
    throw new InvalidRequestError(message, { field });
  }
  parseInput(ChosenPeriodSchema, options.chosen_period, 'chosen_period');
  refuseMiscasedPeriod(options.chosen_period);
  if (options.payment_method_id !== undefined)
    parseInput(IdInputSchema, options.payment_method_id, 'payment_method_id');
  if (options.academy !== undefined) parseInput(AcademyInputSchema, options.academy, 'academy');
  if (options.onStep !== undefined && typeof options.onStep !== 'function') {
    throw new InvalidRequestError('Invalid onStep: must be a function', { field: 'onStep' });
  }
  if (options.waitTimeout !== Infinity) checkNumberOption('waitTimeout', options.waitTimeout);
  checkNumberOption('pollInterval', options.pollInterval, MAX_TIMER_MS);
  checkNumberOption('totalTimeout', options.totalTimeout, MAX_TIMER_MS);
  const exclude = checkWaitForOptions({ exclude: options.exclude, signal: options.signal });
  checkKeyAndJournal(options);
  return exclude;
}

// For bundlers only: this part reaches every module the parts share (lazy-side.ts).
export { lazySide } from '../lazy-side.js';
