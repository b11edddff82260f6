import * as z from 'zod/mini';
import { CurrencySchema } from './invoices.js';
import { DecimalSchema, openEnum, optionalNullable } from './common.js';
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
export type Service = {
  [K in keyof z.infer<typeof ServiceSchema>]: z.infer<typeof ServiceSchema>[K];
};

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
export type ServiceItem = {
  [K in keyof z.infer<typeof ServiceItemSchema>]: z.infer<typeof ServiceItemSchema>[K];
};

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
export type Plan = { [K in keyof z.infer<typeof PlanSchema>]: z.infer<typeof PlanSchema>[K] };
