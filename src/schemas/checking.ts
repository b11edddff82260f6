import * as z from 'zod/mini';
import { withPlainCheck } from '../core/validate/plain-check.js';
import type { ExactInput } from './exact-input.js';
import { boundedArray, isJsonData, JsonSafe, MAX_ARRAY_ITEMS } from './input-checks.js';
import { CurrencySchema } from './invoices.js';
import {
  AcademyInputSchema,
  DecimalSchema,
  IdInputSchema,
  isIdInput,
  isNonEmptyString,
  NonEmptyStringSchema,
  openEnum,
  optionalNullable,
} from './common.js';
import { ServiceItemSchema } from './payments.js';

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
export const CheckingParamsSchema = /* @__PURE__ */ withPlainCheck(
  /* @__PURE__ */ z
    .looseObject({
      /** The plans to price: ids from `plan.id` (a slug is accepted too); at most 10,000. */
      plans: boundedArray(
        z.union([IdInputSchema, NonEmptyStringSchema], {
          error: 'each plan must be a positive integer id (or a slug)',
        }),
        { error: 'must be an array of plan ids' },
        z.minLength(1, { error: 'must name at least one plan' }),
      ),
      /** How many seats to price a team plan for (an integer >= 1); omit it for other plans. */
      team_seats: z.optional(IdInputSchema),
      /**
       * The academy selling it (id or slug): the deployed server prices the bag in its currency
       * (without it, the plan's owner academy).
       */
      academy: z.optional(AcademyInputSchema),
    })
    .check(JsonSafe),
  isPlainCheckingParams,
);

/**
 * The money calls' arguments, checked without zod's copying parse (and JsonSafe's JSON.stringify
 * of the whole body, which ky then encodes again) when they are what zod accepts as they are.
 */
function isPlainCheckingParams(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { plans, team_seats, academy } = value as Record<string, unknown>;
  if (!Array.isArray(plans) || plans.length === 0 || plans.length > MAX_ARRAY_ITEMS) return false;
  // By index, as zod and JSON.stringify read it: an array's own iterator could hide a plan.
  for (let at = 0; at < plans.length; at++)
    if (!isIdInput(plans[at]) && !isNonEmptyString(plans[at])) return false;
  return (
    (team_seats === undefined || isIdInput(team_seats)) &&
    (academy === undefined || isIdInput(academy) || isNonEmptyString(academy)) &&
    isJsonData(value)
  );
}

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
export type Checking = {
  [K in keyof z.infer<typeof CheckingSchema>]: z.infer<typeof CheckingSchema>[K];
};

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
  token: /* @__PURE__ */ z.string().check(z.minLength(1)),
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
export type Bag = { [K in keyof z.infer<typeof BagSchema>]: z.infer<typeof BagSchema>[K] };
