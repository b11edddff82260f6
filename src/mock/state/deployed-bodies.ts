import { ACADEMY, CURRENCY, type CatalogPlan, type CatalogService } from './catalog.js';
import { iso, type InvoiceRecord, type SimulatorState, type SubscriptionRecord } from './state.js';

/*
 * The keys the deployed server's bodies carry beyond what SERVICE.md shows (real-exchanges.json):
 * the simulator's own values where it has them, the recorded server's empty or default ones where
 * it has none. Added under `profile: 'deployed'` only, so a client meets the bodies it will meet.
 */

const OWNER = { id: ACADEMY.id, name: ACADEMY.name, slug: ACADEMY.slug };
const COHORT_SET = {
  id: 1,
  slug: 'seatpay-cohort-set',
  cohorts: [{ id: 1, name: 'Seatpay Cohort', slug: 'seatpay-cohort' }],
};

/** A service as that server writes it (its owner, consumer, session). */
export const fullService = (service: CatalogService) => ({
  ...service,
  owner: OWNER,
  icon_url: null,
  private: false,
  groups: [],
  consumer: service.type === 'SEAT' ? 'NO_SET' : 'AI_INTERACTION',
  session_duration: null,
});

/** A plan's service item or a bag's seat item, without its price (that server prices add-ons). */
export const fullItem = (item: {
  id: number;
  unit_type: string;
  how_many: number;
  is_team_allowed: boolean;
  service: CatalogService;
}) => ({
  id: item.id,
  unit_type: item.unit_type,
  how_many: item.how_many,
  sort_priority: 1,
  service: fullService(item.service),
  is_renewable: false,
  is_team_allowed: item.is_team_allowed,
  renew_at: 1,
  renew_at_unit: 'MONTH',
});

/** The plan as a bag or a subscription names it. */
export const planInBag = (plan: CatalogPlan) => ({
  title: plan.title,
  slug: plan.slug,
  status: plan.status,
  discontinued_reason: null,
  time_of_life: null,
  time_of_life_unit: null,
  trial_duration: 0,
  trial_duration_unit: 'MONTH',
  translations: [],
  service_items: plan.service_items.map(fullItem),
  financing_options: [],
  has_available_cohorts: true,
  cohort_set: COHORT_SET,
  mentorship_service_set: null,
  event_type_set: null,
});

/** A plan's keys beyond the simulator's: its cohorts, owner, add-ons (the unit prices) ... */
export function planExtras(plan: CatalogPlan, price: (text: string) => unknown) {
  const { service_items: _items, ...inBag } = planInBag(plan);
  const seat = plan.seat_service_price;
  const sale = { bundle_size: 1, max_items: 1000, max_amount: 5000, discount_ratio: 1 };
  return {
    ...inBag,
    service_items: plan.service_items.map(fullItem),
    has_waiting_list: false,
    owner: OWNER,
    pricing_ratio_exceptions: {},
    plan_addons: [],
    features: null,
    add_ons: plan.service_items.map((item) => ({
      id: item.id,
      academy: OWNER,
      service: fullService(item.service),
      price_per_unit: price(item.price_per_unit),
      ...sale,
      pricing_ratio_exceptions: {},
      currency: CURRENCY,
    })),
    seat_service_price: seat && {
      id: seat.id,
      academy: OWNER,
      service: fullService(seat.service),
      price_per_unit: price(seat.price_per_unit),
      ...sale,
      pricing_ratio_exceptions: {},
      currency: CURRENCY,
      available_mentorship_service_sets: [],
      available_event_type_sets: [],
    },
  };
}

/** A bag's keys beyond the simulator's (amounts it does not sell by are 0, discounts null). */
export const bagExtras = (amounts: { month: unknown; year: unknown }) => ({
  service_items: [],
  plan_addons: [],
  coupons: [],
  was_delivered: false,
  amount_per_quarter: 0,
  amount_per_half: 0,
  plan_addons_amount: 0,
  discounted_plan_addons_amount: 0,
  discounted_amount_per_month: amounts.month,
  discounted_amount_per_quarter: null,
  discounted_amount_per_half: null,
  discounted_amount_per_year: amounts.year,
});

/** An invoice's keys beyond the simulator's: refunds, Stripe, credit notes. */
export const invoiceExtras = (invoice: InvoiceRecord) => ({
  standalone_consumables: [],
  payment_method: null,
  externally_managed: false,
  amount_refunded: 0,
  stripe_id: `ch_${invoice.id.toString(16).padStart(24, '0')}`,
  refund_stripe_id: null,
  refunded_at: null,
  credit_notes: [],
  credit_entries: [],
  proof: null,
});

/** A subscription's keys beyond the simulator's: its academy, cohort set, renewal. */
export const subscriptionExtras = (
  state: SimulatorState,
  subscription: SubscriptionRecord,
  renewal: unknown,
) => ({
  academy: OWNER,
  selected_cohort_set: { ...COHORT_SET, academy: OWNER },
  selected_mentorship_service_set: null,
  selected_event_type_set: null,
  created_at: iso(subscription.paidAt),
  last_status_change_at: iso(subscription.paidAt),
  is_refundable: true,
  next_renewal_amount: renewal,
  service_items: [],
  plans: [planInBag(state.planOf(subscription))],
});
