import * as z from 'zod/mini';
import { JsonSafe } from './input-checks.js';
import {
  DecimalSchema,
  IdInputSchema,
  NonEmptyStringSchema,
  openEnum,
  optionalNullable,
} from './common.js';

export const ServiceSchema = z.looseObject({
  id: z.optional(z.int()),
  slug: z.string(),
  title: optionalNullable(z.string()),
  type: z.optional(
    openEnum(['COHORT_SET', 'MENTORSHIP_SERVICE_SET', 'EVENT_TYPE_SET', 'VOID', 'SEAT'] as const),
  ),
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServiceItemSchema = z.looseObject({
  id: z.optional(z.int()),
  how_many: z.int(),
  unit_type: z.optional(z.string()),
  is_team_allowed: z.optional(z.boolean()),
  service: ServiceSchema,
});
export type ServiceItem = z.infer<typeof ServiceItemSchema>;

export const ConsumptionStrategySchema = openEnum(['PER_TEAM', 'PER_SEAT'] as const);
export type ConsumptionStrategy = z.infer<typeof ConsumptionStrategySchema>;

/** A plan. SERVICE.md shows only its slug; `id` is what `checking` takes in `plans`. */
export const PlanSchema = z.looseObject({
  id: z.optional(z.int()),
  slug: z.string(),
  title: optionalNullable(z.string()),
  status: z.optional(z.string()),
  consumption_strategy: optionalNullable(ConsumptionStrategySchema),
  price_per_month: optionalNullable(DecimalSchema),
  price_per_year: optionalNullable(DecimalSchema),
  service_items: z.optional(z.array(ServiceItemSchema)),
  seat_service_price: optionalNullable(
    z.looseObject({ price_per_unit: z.optional(DecimalSchema) }),
  ),
});
export type Plan = z.infer<typeof PlanSchema>;

/** The arguments of `checking.preview` and `checking.bag`. */
export const CheckingParamsSchema = z
  .looseObject({
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
    team_seats: z.optional(IdInputSchema),
  })
  .check(JsonSafe);
export type CheckingParams = z.input<typeof CheckingParamsSchema>;

/** A priced preview (or bag) of plans. */
export const CheckingSchema = z.looseObject({
  id: z.optional(z.int()),
  type: z.optional(openEnum(['PREVIEW', 'BAG'] as const)),
  status: z.optional(z.string()),
  token: optionalNullable(z.string()),
  amount_per_month: optionalNullable(DecimalSchema),
  amount_per_quarter: optionalNullable(DecimalSchema),
  amount_per_half: optionalNullable(DecimalSchema),
  amount_per_year: optionalNullable(DecimalSchema),
  seat_service_item: optionalNullable(ServiceItemSchema),
  expires_at: optionalNullable(z.string()),
});
export type Checking = z.infer<typeof CheckingSchema>;

/** A bag: a checking whose `token` is then passed to `pay.bag`. */
export const BagSchema = z.extend(CheckingSchema, { token: z.string().check(z.minLength(1)) });
export type Bag = z.infer<typeof BagSchema>;

/** The card to register. Further fields (`exp_month`, `academy` ...) are sent as given. */
export const CardParamsSchema = z
  .looseObject({
    card_number: z
      .string({ error: 'must be a string of 12 to 19 digits' })
      .check(z.regex(/^\d{12,19}$/, { error: 'must be 12 to 19 digits' })),
    cvc: z
      .string({ error: 'must be a string of 3 or 4 digits' })
      .check(z.regex(/^\d{3,4}$/, { error: 'must be 3 or 4 digits' })),
  })
  .check(JsonSafe);
export type CardParams = z.input<typeof CardParamsSchema>;

export const CardResultSchema = z.looseObject({
  status: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type CardResult = z.infer<typeof CardResultSchema>;

export const ChosenPeriodSchema = openEnum(
  ['MONTH', 'QUARTER', 'HALF', 'YEAR'] as const,
  NonEmptyStringSchema,
);

export const PayParamsSchema = z
  .looseObject({
    token: NonEmptyStringSchema,
    chosen_period: ChosenPeriodSchema,
  })
  .check(JsonSafe);
export type PayParams = z.input<typeof PayParamsSchema>;

/** The answer to a payment: an invoice on the deployed server. */
export const PaymentSchema = z.looseObject({
  id: z.optional(z.int()),
  amount: optionalNullable(DecimalSchema),
  status: z.optional(z.string()),
  paid_at: optionalNullable(z.string()),
});
export type Payment = z.infer<typeof PaymentSchema>;
