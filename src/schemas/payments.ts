import * as z from 'zod/mini';
import type { ExactInput } from './exact-input.js';
import { JsonSafe } from './input-checks.js';
import { CurrencySchema } from './invoices.js';
import {
  DecimalSchema,
  IdInputSchema,
  NonEmptyStringSchema,
  openEnum,
  optionalNullable,
} from './common.js';
// The card and the payment itself, in their own file; re-exported for the modules importing here.
export * from './card-and-pay.js';

/**
 * Validates a service, as nested in a plan's `service_items`: what a plan grants units of
 * (`ai-credits`, mentorship sessions, the seat service ...).
 *
 * @example
 * ```ts
 * import { ServiceSchema } from 'seatpay';
 *
 * const service = ServiceSchema.parse({ slug: 'ai-credits', type: 'VOID' });
 * ```
 * @category Schemas and types
 */
export const ServiceSchema = z.looseObject({
  /** The service's numeric id. */
  id: z.optional(z.int()),
  /** The slug `consumables.checkout` takes as `service` (`'ai-credits'`). */
  slug: z.string(),
  /** A human-readable name. */
  title: optionalNullable(z.string()),
  /** The kind of service; `'SEAT'` marks the seat service, whose checkout adds seats. */
  type: z.optional(
    openEnum<'COHORT_SET' | 'MENTORSHIP_SERVICE_SET' | 'EVENT_TYPE_SET' | 'VOID' | 'SEAT'>(),
  ),
});
/**
 * A service a plan grants units of; inferred from {@link ServiceSchema}.
 *
 * @example
 * ```ts
 * const services: Service[] = (plan.service_items ?? []).map((item) => item.service);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Service = z.infer<typeof ServiceSchema>;

/**
 * Validates a unit of time the service counts periods in: `DAY`, `WEEK`, `MONTH` or `YEAR`.
 * Open: any other string passes.
 *
 * @example
 * ```ts
 * import { PeriodUnitSchema } from 'seatpay';
 *
 * PeriodUnitSchema.parse('MONTH');
 * ```
 * @category Schemas and types
 */
export const PeriodUnitSchema = openEnum<'DAY' | 'WEEK' | 'MONTH' | 'YEAR'>();
/**
 * A unit of time: `'DAY'`, `'WEEK'`, `'MONTH'`, `'YEAR'`, or a value seatpay does not know yet.
 *
 * @example
 * ```ts
 * const unit: PeriodUnit | undefined = sub.pay_every_unit;
 * console.log(`renews every ${sub.pay_every ?? 1} ${unit ?? 'MONTH'}`);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type PeriodUnit = z.infer<typeof PeriodUnitSchema>;

/**
 * Validates a service item: how many units of one service a plan (or a bag) grants, and who
 * receives them.
 *
 * @example
 * ```ts
 * import { ServiceItemSchema } from 'seatpay';
 *
 * const item = ServiceItemSchema.parse({ how_many: -1, service: { slug: 'live-classes' } });
 * ```
 * @category Schemas and types
 */
export const ServiceItemSchema = z.looseObject({
  /** The item's numeric id. */
  id: z.optional(z.int()),
  /** Units granted; -1 means unlimited (and is never auto-recharged). */
  how_many: z.int(),
  /** What a unit is (`'UNIT'`). */
  unit_type: z.optional(z.string()),
  /**
   * Who receives the units: `true` the team or its seats (by the team's consumption strategy),
   * `false` the owner alone, as personal consumables.
   */
  is_team_allowed: z.optional(z.boolean()),
  /** The service granted. */
  service: ServiceSchema,
});
/**
 * One service of a plan and its units; inferred from {@link ServiceItemSchema}.
 *
 * @example
 * ```ts
 * const shared = (plan.service_items ?? []).filter((item: ServiceItem) => item.is_team_allowed);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

/**
 * Validates a consumption strategy: `PER_TEAM` gives the team one shared pool, `PER_SEAT` gives
 * each seat its own allocation, scaled by its `seat_multiplier`. Open: any other string passes.
 *
 * @example
 * ```ts
 * import { ConsumptionStrategySchema } from 'seatpay';
 *
 * ConsumptionStrategySchema.parse('PER_SEAT'); // 'PER_SEAT'
 * ```
 * @category Schemas and types
 */
export const ConsumptionStrategySchema = openEnum<'PER_TEAM' | 'PER_SEAT'>();
/**
 * How a team's consumables are shared: `'PER_TEAM'`, `'PER_SEAT'`, or a value seatpay does not
 * know yet (typed as `string`, never a crash).
 *
 * @example
 * ```ts
 * const strategy: ConsumptionStrategy | null | undefined = team.consumption_strategy;
 * if (strategy === 'PER_SEAT') console.log('each seat has its own allocation');
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ConsumptionStrategy = z.infer<typeof ConsumptionStrategySchema>;

/**
 * Validates a plan, as `plans.get` answers it. SERVICE.md shows only its slug; `id` is what
 * `checking` takes in `plans`. Prices are decimal strings even where the server sends numbers.
 *
 * @example
 * ```ts
 * import { PlanSchema } from 'seatpay';
 *
 * const plan = PlanSchema.parse({ id: 1, slug: 'team-per-seat', price_per_month: 59.99 });
 * plan.price_per_month; // '59.99'
 * ```
 * @category Schemas and types
 */
export const PlanSchema = z.looseObject({
  /** What `checking.preview` and `checking.bag` take in `plans`. */
  id: z.optional(z.int()),
  /** The slug `plans.get` and `purchase` take (`'team-per-seat'`). */
  slug: z.string(),
  /** A human-readable name. */
  title: optionalNullable(z.string()),
  /** The plan's state on the service: `'ACTIVE'`, `'DRAFT'`, `'UNLISTED'`, `'DISCONTINUED'` ... */
  status: z.optional(openEnum<'DRAFT' | 'ACTIVE' | 'UNLISTED' | 'DELETED' | 'DISCONTINUED'>()),
  /**
   * How a team plan shares its consumables (the deployed server also sends `'BOTH'`, bought as
   * `PER_SEAT`); null for a plan without a team.
   */
  consumption_strategy: optionalNullable(ConsumptionStrategySchema),
  /** The price of a month, as a decimal string (`'59.99'`); null when not sold by the month. */
  price_per_month: optionalNullable(DecimalSchema),
  /** The price of three months, as a decimal string; null when not sold so. */
  price_per_quarter: optionalNullable(DecimalSchema),
  /** The price of six months, as a decimal string; null when not sold so. */
  price_per_half: optionalNullable(DecimalSchema),
  /** The price of a year, as a decimal string; null when not sold by the year. */
  price_per_year: optionalNullable(DecimalSchema),
  /** The currency of the prices. */
  currency: optionalNullable(CurrencySchema),
  /** The academy that sells the plan, or null. */
  owner: optionalNullable(
    z.looseObject({
      /** The academy's id: what the deployed server's card and checkout calls take as `academy`. */
      id: z.optional(z.int()),
      /** The academy's name. */
      name: z.optional(z.string()),
      /** The academy's slug. */
      slug: z.optional(z.string()),
    }),
  ),
  /** The services the plan grants, and how many units of each. */
  service_items: z.optional(z.array(ServiceItemSchema)),
  /** What one seat costs, on plans sold by seat; null otherwise. */
  seat_service_price: optionalNullable(
    z.looseObject({
      /** The price of one seat, as a decimal string. */
      price_per_unit: z.optional(DecimalSchema),
    }),
  ),
});
/**
 * A plan; inferred from {@link PlanSchema}.
 *
 * @example
 * ```ts
 * const plan: Plan = await client.plans.get('team-per-seat');
 * console.log(plan.title, plan.price_per_month, plan.consumption_strategy);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Plan = z.infer<typeof PlanSchema>;

/**
 * Validates the arguments of `checking.preview` and `checking.bag`; the client runs it before
 * sending, so a bad argument throws `InvalidRequestError` and nothing is sent.
 *
 * @example
 * ```ts
 * import { CheckingParamsSchema } from 'seatpay';
 *
 * CheckingParamsSchema.safeParse({ plans: [], team_seats: 3 }).success; // false: no plan
 * ```
 * @category Schemas and types
 */
export const CheckingParamsSchema = z
  .looseObject({
    /** The plans to price: ids from `plan.id` (a slug is accepted too). */
    plans: z
      .array(
        z.union([IdInputSchema, NonEmptyStringSchema], {
          error: 'each plan must be a positive integer id (or a slug)',
        }),
        {
          error: 'must be an array of plan ids',
        },
      )
      .check(z.minLength(1, { error: 'must name at least one plan' })),
    /** How many seats to price a team plan for (an integer >= 1); omit it for other plans. */
    team_seats: z.optional(IdInputSchema),
  })
  .check(JsonSafe);
/**
 * The arguments of `checking.preview` and `checking.bag`: the fields of
 * {@link CheckingParamsSchema}, exactly (a misspelled field is a compile error).
 *
 * @example
 * ```ts
 * const params: CheckingParams = { plans: [plan.id!], team_seats: 3 };
 * const preview = await client.checking.preview(params);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type CheckingParams = ExactInput<typeof CheckingParamsSchema>;

/**
 * Validates a priced preview (or bag) of plans, as `checking.preview` answers it. Amounts are
 * decimal strings even where the server sends numbers.
 *
 * @example
 * ```ts
 * import { CheckingSchema } from 'seatpay';
 *
 * CheckingSchema.parse({ type: 'PREVIEW', amount_per_month: 89.97 }).amount_per_month; // '89.97'
 * ```
 * @category Schemas and types
 */
export const CheckingSchema = z.looseObject({
  /** The checking's numeric id. */
  id: z.optional(z.int()),
  /** `'PREVIEW'` or `'BAG'`, as requested. */
  type: z.optional(openEnum<'PREVIEW' | 'BAG'>()),
  /** The checking's state on the service (`'CHECKING'`, then `'PAID'`). */
  status: z.optional(openEnum<'RENEWAL' | 'CHECKING' | 'PAID'>()),
  /** What `pay.bag` takes; set on a bag (see {@link BagSchema}), null or absent on a preview. */
  token: optionalNullable(z.string()),
  /** The currency of the amounts. */
  currency: optionalNullable(CurrencySchema),
  /** What paying with `chosen_period: 'MONTH'` costs, as a decimal string. */
  amount_per_month: optionalNullable(DecimalSchema),
  /** What paying with `chosen_period: 'QUARTER'` costs, as a decimal string. */
  amount_per_quarter: optionalNullable(DecimalSchema),
  /** What paying with `chosen_period: 'HALF'` costs, as a decimal string. */
  amount_per_half: optionalNullable(DecimalSchema),
  /** What paying with `chosen_period: 'YEAR'` costs, as a decimal string. */
  amount_per_year: optionalNullable(DecimalSchema),
  /** `amount_per_month` after coupons, as a decimal string; null without a discount. */
  discounted_amount_per_month: optionalNullable(DecimalSchema),
  /** `amount_per_year` after coupons, as a decimal string; null without a discount. */
  discounted_amount_per_year: optionalNullable(DecimalSchema),
  /** The seats priced in (seat service, `how_many` = `team_seats`), when `team_seats` was given. */
  seat_service_item: optionalNullable(ServiceItemSchema),
  /** When the bag's token stops being accepted by `pay.bag` (an ISO 8601 time). */
  expires_at: optionalNullable(z.string()),
});
/**
 * A priced preview of plans; inferred from {@link CheckingSchema}.
 *
 * @example
 * ```ts
 * const preview: Checking = await client.checking.preview({ plans: [plan.id!], team_seats: 3 });
 * console.log('per month:', preview.amount_per_month); // a decimal string, e.g. "89.97"
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Checking = z.infer<typeof CheckingSchema>;

/**
 * Validates a bag, as `checking.bag` answers it: a checking whose `token` (required here) is then
 * passed to `pay.bag`.
 *
 * @example
 * ```ts
 * import { BagSchema } from 'seatpay';
 *
 * BagSchema.safeParse({ type: 'BAG', token: null }).success; // false: a bag needs its token
 * ```
 * @category Schemas and types
 */
export const BagSchema = z.extend(CheckingSchema, {
  /** What `pay.bag` takes: always a non-empty string on a bag. */
  token: z.string().check(z.minLength(1)),
});
/**
 * A bag ready to pay; inferred from {@link BagSchema}. Its `token` is always a string.
 *
 * @example
 * ```ts
 * const bag: Bag = await client.checking.bag({ plans: [plan.id!], team_seats: 3 });
 * await client.pay.bag({ token: bag.token, chosen_period: 'MONTH' });
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Bag = z.infer<typeof BagSchema>;
