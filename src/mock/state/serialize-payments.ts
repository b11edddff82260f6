import { amountOnWire, parseDecimal, type Cents } from '../core/money.js';
import { catalogServices, CURRENCY, type CatalogPlan } from './catalog.js';
import {
  bagExtras,
  fullItem,
  invoiceExtras,
  planExtras,
  planInBag,
  subscriptionExtras,
} from './deployed-bodies.js';
import {
  iso,
  type BagRecord,
  type InvoiceRecord,
  type SimulatorState,
  type SubscriptionRecord,
} from './state.js';

/** Wire shapes of the payment flow, close to the deployed server's (live-api.md §1). */

const planSummary = (plan: CatalogPlan) => ({
  id: plan.id,
  slug: plan.slug,
  title: plan.title,
  status: plan.status,
});

/** An amount as the simulator's profile writes it: a decimal string, or a JSON number. */
const money = (state: SimulatorState, cents: Cents) =>
  amountOnWire(state.options.profile.amounts, cents);

/** A catalog price (a decimal string) as the profile writes amounts. */
const price = (state: SimulatorState, text: string) => money(state, parseDecimal(text));

/** A plan as `GET /v1/payments/plan/{slug}` answers it: the catalog's, its prices as the profile writes them. */
export function serializePlan(state: SimulatorState, plan: CatalogPlan) {
  const seatPrice = plan.seat_service_price;
  const plain = {
    ...plan,
    price_per_month: price(state, plan.price_per_month),
    price_per_year: price(state, plan.price_per_year),
    service_items: plan.service_items.map((item) => ({
      ...item,
      price_per_unit: price(state, item.price_per_unit),
    })),
    seat_service_price: seatPrice && {
      ...seatPrice,
      price_per_unit: price(state, seatPrice.price_per_unit),
    },
  };
  if (!state.options.profile.deployedBodies) return plain;
  return { ...plain, ...planExtras(plan, (text) => price(state, text)) };
}

export function serializeBag(state: SimulatorState, bag: BagRecord) {
  const plan = state.planById(bag.planId);
  const plain = {
    id: bag.id,
    type: bag.type,
    status: bag.status,
    token: bag.status === 'PAID' ? null : bag.token,
    plans: plan ? [planSummary(plan)] : [],
    currency: CURRENCY,
    is_recurrent: true,
    amount_per_month: money(state, bag.amountPerMonth),
    amount_per_quarter: null,
    amount_per_half: null,
    amount_per_year: money(state, bag.amountPerYear),
    seat_service_item: seatServiceItem(plan, bag.teamSeats),
    expires_at: bag.status === 'PAID' ? null : iso(bag.expiresAt),
  };
  if (!state.options.profile.deployedBodies) return plain;
  const { currency: _currency, ...deployed } = plain;
  const seatItem = seatServiceItem(plan, bag.teamSeats);
  return {
    ...deployed,
    ...bagExtras({ month: plain.amount_per_month, year: plain.amount_per_year }),
    plans: plan ? [planInBag(plan)] : [],
    seat_service_item: seatItem && fullItem(seatItem),
  };
}

function seatServiceItem(plan: CatalogPlan | undefined, teamSeats: number | null) {
  const seatPrice = plan?.seat_service_price;
  if (!seatPrice || teamSeats === null) return null;
  return {
    id: seatPrice.id,
    unit_type: 'UNIT',
    how_many: teamSeats,
    is_team_allowed: true,
    service: seatPrice.service,
  };
}

export function serializeInvoice(state: SimulatorState, invoice: InvoiceRecord) {
  const user = state.user(invoice.userId);
  const plain = {
    id: invoice.id,
    amount: money(state, invoice.amount),
    currency: CURRENCY,
    status: 'FULFILLED',
    paid_at: iso(invoice.paidAt),
    created_at: iso(invoice.paidAt),
    invoice_kind: 'GENERAL',
    invoice_notes: null,
    user: user ? { id: user.id, email: user.email, first_name: '', last_name: '' } : null,
    amount_breakdown: breakdown(state, invoice),
    coupons: [],
  };
  if (!state.options.profile.deployedBodies) return plain;
  if (invoice.kind === 'payment') return { ...plain, ...invoiceExtras(invoice) };
  // A checkout's invoice: no breakdown, no coupons, the CHARGE bag it was paid through.
  const { coupons: _coupons, ...checkout } = plain;
  return {
    ...checkout,
    ...invoiceExtras(invoice),
    amount_breakdown: null,
    bag: chargeBag(state, invoice),
  };
}

/** The CHARGE bag the deployed server pays a consumable checkout through (units: its one item). */
function chargeBag(state: SimulatorState, invoice: InvoiceRecord) {
  const zero = money(state, 0);
  const service = catalogServices(state.catalog).find(({ slug }) => slug === invoice.service);
  const units = service && service.type !== 'SEAT' ? [service] : [];
  return {
    id: invoice.id,
    type: 'CHARGE',
    status: 'PAID',
    token: null,
    is_recurrent: false,
    amount_per_month: zero,
    amount_per_year: zero,
    expires_at: null,
    seat_service_item: null,
    ...bagExtras({ month: null, year: null }),
    service_items: units.map((unit) =>
      fullItem({
        id: unit.id,
        unit_type: 'UNIT',
        how_many: invoice.howMany ?? 0,
        is_team_allowed: true,
        service: unit,
      }),
    ),
    plans: [],
    was_delivered: true,
  };
}

function breakdown(state: SimulatorState, invoice: InvoiceRecord) {
  if (invoice.service === null) return { plans: {}, 'service-items': {} };
  return {
    plans: {},
    'service-items': {
      [invoice.service]: {
        amount: money(state, invoice.amount),
        currency: CURRENCY.code,
        'how-many': invoice.howMany,
        'unit-type': 'UNIT',
      },
    },
  };
}

export function serializeSubscription(state: SimulatorState, subscription: SubscriptionRecord) {
  const plan = state.planOf(subscription);
  const team = state.team(subscription.teamId);
  return {
    id: subscription.id,
    status: 'ACTIVE',
    status_message: null,
    user: { id: subscription.ownerId, email: state.user(subscription.ownerId)?.email ?? '' },
    plans: [planSummary(plan)],
    paid_at: iso(subscription.paidAt),
    next_payment_at: iso(nextPayment(subscription)),
    valid_until: null,
    pay_every: 1,
    pay_every_unit: subscription.chosenPeriod,
    currency: CURRENCY,
    has_billing_team: team !== undefined,
    seats_limit: team ? team.seatsLimit : null,
    seats_count: team ? state.activeSeats(team.id).length : null,
    // As the deployed server lists them: each invoice names the bag it paid, and that bag's
    // seat item says whether a billing team is to be built.
    invoices: state.invoices
      .filter((invoice) => invoice.subscriptionId === subscription.id && invoice.kind === 'payment')
      .map((invoice) => ({ ...serializeInvoice(state, invoice), bag: paidBag(state, invoice) })),
    ...(state.options.profile.deployedBodies
      ? subscriptionExtras(state, subscription, price(state, plan.price_per_month))
      : {}),
  };
}

function paidBag(state: SimulatorState, invoice: InvoiceRecord) {
  const bag = state.bags.find((candidate) => candidate.id === invoice.bagId);
  if (!bag) return null;
  const plan = state.planById(bag.planId);
  return {
    id: bag.id,
    status: bag.status,
    seat_service_item: seatServiceItem(plan, bag.teamSeats),
  };
}

function nextPayment(subscription: SubscriptionRecord): number {
  const next = new Date(subscription.paidAt);
  if (subscription.chosenPeriod === 'YEAR') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next.getTime();
}
