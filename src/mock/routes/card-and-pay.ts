import * as z from 'zod/mini';
import { readJsonObject } from '../core/body.js';
import { oneOf, text, validate } from '../core/fields.js';
import { fail, SimulatorError } from '../core/http-error.js';
import { REFUSAL_MESSAGES } from '../core/messages.js';
import { json } from '../core/respond.js';
import { requireFields } from '../core/server-profile.js';
import type { RouteContext } from '../core/router.js';
import { charge } from '../rules/charges.js';
import { createSubscription } from '../rules/subscriptions.js';
import { serializeBag, serializeInvoice } from '../state/serialize-payments.js';
import type { BagRecord, InvoiceRecord, SimulatorState } from '../state/state.js';

const digits = (pattern: RegExp, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'This field is required.' : message) })
    .check(z.regex(pattern, message));

/** Messages never repeat the number or the cvc. */
const CardBody = z.object({
  card_number: digits(/^\d{12,19}$/, 'Enter a card number of 12 to 19 digits.'),
  cvc: digits(/^\d{3,4}$/, 'Enter a cvc of 3 or 4 digits.'),
});

/**
 * The card number that registers but is declined when paid with (Stripe's test card for a
 * generic decline): pay answers 402 "Card declined", as the deployed server does, and charges
 * nothing. Under either profile.
 *
 * @example
 * ```ts
 * import { DECLINED_CARD_NUMBER } from 'seatpay/mock';
 *
 * const failed = await client
 *   .purchase({ ...order, card: { ...order.card, card_number: DECLINED_CARD_NUMBER } })
 *   .catch((error: PurchaseError) => error);
 * // failed.charged === 'no', failed.cause instanceof PaymentRequiredError
 * ```
 * @category Simulator
 */
export const DECLINED_CARD_NUMBER = '4000000000000002';

/** Keeps only the last four digits; the answer is the deployed server's `{status:'ok'}`. */
export async function registerCard({ state, request, user }: RouteContext): Promise<Response> {
  const raw = await readJsonObject(request);
  requireFields(state.options.profile, 'registerCard', raw);
  const body = validate(CardBody, raw);
  const declines = body.card_number === DECLINED_CARD_NUMBER;
  // The deployed server asks the bank at once; the card on file stays as it was.
  if (declines && state.options.profile.declinesAt === 'card') throw declined();
  state.cards.set(user.id, { last4: body.card_number.slice(-4), declines });
  return json({ status: 'ok' });
}

const PayBody = z.object({
  token: text(),
  chosen_period: oneOf(['MONTH', 'QUARTER', 'HALF', 'YEAR']),
});

/**
 * Charges the owner once and answers 201 with the invoice; the subscription appears only after
 * `subscriptionDelayMs`, as the deployed server builds it in a background task.
 */
export async function pay({ state, request, user, fault }: RouteContext): Promise<Response> {
  const raw = await readJsonObject(request);
  // Every catalog plan costs something, so the deployed server's payment method is always due.
  requireFields(state.options.profile, 'pay', raw);
  const body = validate(PayBody, raw);
  const bag = payableBag(state, user.id, body.token);
  const period =
    body.chosen_period === 'MONTH' || body.chosen_period === 'YEAR'
      ? body.chosen_period
      : fail(400, 'The chosen period is not available for this bag');
  const card = state.cards.get(user.id) ?? fail(400, 'Missing card information');
  if (card.declines) throw declined();
  if (fault?.kind === 'concurrent-purchase') payElsewhere(state, bag, period);
  const invoice = payBag(state, bag, period);
  const late = fault?.kind === 'late-subscription' ? (fault.delayMs ?? 0) : 0;
  state.options.timers.later(state.options.subscriptionDelayMs() + late, () =>
    createSubscription(state, bag, invoice, period),
  );
  return json({ ...serializeInvoice(state, invoice), bag: serializeBag(state, bag) }, 201);
}

const amountOf = (bag: BagRecord, period: 'MONTH' | 'YEAR') =>
  period === 'MONTH' ? bag.amountPerMonth : bag.amountPerYear;

/** Stripe's decline, as the deployed server relays it (live-api.md §1.3). */
const declined = () =>
  new SimulatorError(402, REFUSAL_MESSAGES.cardDeclined, {
    detail: REFUSAL_MESSAGES.cardDeclined,
    status_code: 402,
    silent: true,
    silent_code: 'card-error',
  });

function payBag(state: SimulatorState, bag: BagRecord, period: 'MONTH' | 'YEAR'): InvoiceRecord {
  const amount = amountOf(bag, period);
  const invoice = charge(state, { kind: 'payment', userId: bag.userId, amount });
  invoice.bagId = bag.id;
  const logged = state.charges.find((entry) => entry.invoice === invoice.id);
  if (logged) logged.bag = bag.id;
  bag.status = 'PAID';
  return invoice;
}

/**
 * The 'concurrent-purchase' fault: the same user buys the same plan with another bag at this very
 * moment (another device), and that subscription appears at once, ahead of the one being paid.
 */
function payElsewhere(state: SimulatorState, bag: BagRecord, period: 'MONTH' | 'YEAR'): void {
  const other: BagRecord = { ...bag, id: state.nextId('bag'), token: `${bag.token}-elsewhere` };
  state.bags.push(other);
  createSubscription(state, other, payBag(state, other, period), period);
}

/**
 * Only an unpaid bag of the caller's, of the type the profile pays, can be paid: a BAG under
 * SERVICE.md (a PREVIEW token is only a price quote there), a PREVIEW on the deployed server.
 */
function payableBag(state: SimulatorState, userId: number, token: string): BagRecord {
  const bag = state.bags.find(
    (candidate) => candidate.token === token && candidate.userId === userId,
  );
  if (!bag || bag.type !== state.options.profile.payableBagType || bag.status !== 'CHECKING')
    return fail(404, state.options.profile.bagNotFound);
  if (bag.expiresAt < state.now()) fail(404, REFUSAL_MESSAGES.bagNotFound);
  return bag;
}
