import * as z from 'zod/mini';
import { DecimalSchema, openEnum, optionalNullable } from './common.js';
import { CurrencySchema } from './invoices.js';
import { PeriodUnitSchema } from './payments.js';

/**
 * Validates a subscription, as listed by `subscriptions.list`. SERVICE.md shows only `id`; the
 * other fields are optional and any more pass through.
 *
 * @example
 * ```ts
 * import { SubscriptionSchema } from 'seatpay';
 *
 * const sub = SubscriptionSchema.parse({ id: 123, status: 'ACTIVE', seats_limit: 4 });
 * ```
 * @category Schemas and types
 */
export const SubscriptionSchema = z.looseObject({
  /** What every billing-team, seat and consumable call takes as `subscriptionId`. */
  id: z.int(),
  /** The subscription's state on the service (`'ACTIVE'`, `'FREE_TRIAL'` ...). */
  status:
    z.optional(
      openEnum<
        | 'FREE_TRIAL'
        | 'ACTIVE'
        | 'CANCELLED'
        | 'DEPRECATED'
        | 'PAYMENT_ISSUE'
        | 'ERROR'
        | 'FULLY_PAID'
        | 'EXPIRED'
      >(),
    ),
  /** The owner: who paid, and who alone manages its team and seats. */
  user: optionalNullable(
    z.looseObject({
      /** The owner's user id. */
      id: z.optional(z.int()),
      /** The owner's email address. */
      email: z.optional(z.string()),
    }),
  ),
  /** The plans it was bought with; `purchase` matches the new subscription on them. */
  plans: z.optional(
    z.array(
      z.looseObject({
        /** The plan's numeric id, when the service sends it. */
        id: z.optional(z.int()),
        /** The plan's slug. */
        slug: z.optional(z.string()),
      }),
    ),
  ),
  /** When it was paid (an ISO 8601 time). */
  paid_at: optionalNullable(z.string()),
  /** When the next charge is due (an ISO 8601 time). */
  next_payment_at: optionalNullable(z.string()),
  /** When it ends, or null while it renews (an ISO 8601 time). */
  valid_until: optionalNullable(z.string()),
  /** How many `pay_every_unit`s between charges. */
  pay_every: z.optional(z.int()),
  /** The unit of `pay_every`: the `chosen_period` it was bought with, for `'MONTH'` and `'YEAR'`. */
  pay_every_unit: z.optional(PeriodUnitSchema),
  /** The currency it is charged in. */
  currency: optionalNullable(CurrencySchema),
  /** What the next renewal will cost, as a decimal string, or null. */
  next_renewal_amount: optionalNullable(DecimalSchema),
  /** The most seats its billing team may hold; null without a team. */
  seats_limit: optionalNullable(z.int()),
  /** The seats in use; null without a team. */
  seats_count: optionalNullable(z.int()),
  /** Whether it has a billing team, so that `billingTeam` and `seats` calls apply to it. */
  has_billing_team: z.optional(z.boolean()),
});
/**
 * A subscription; inferred from {@link SubscriptionSchema}.
 *
 * @example
 * ```ts
 * const sub: Subscription = await client.subscriptions.waitFor({ exclude: before });
 * if (sub.has_billing_team) console.log(`${sub.seats_count}/${sub.seats_limit} seats`);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Subscription = {
  [K in keyof z.infer<typeof SubscriptionSchema>]: z.infer<typeof SubscriptionSchema>[K];
};

/**
 * Validates the subscriptions listing: `{ subscriptions: [...] }`.
 *
 * @example
 * ```ts
 * import { SubscriptionListSchema } from 'seatpay';
 *
 * const { subscriptions } = SubscriptionListSchema.parse({ subscriptions: [{ id: 123 }] });
 * ```
 * @category Schemas and types
 */
export const SubscriptionListSchema = z.looseObject({
  /** The caller's subscriptions: owned, or reached through an active seat. */
  subscriptions: z.array(SubscriptionSchema),
  /** The caller's plan financings (paid in installments), on the deployed server. */
  plan_financings: z.optional(
    z.array(
      z.looseObject({
        /** The plan financing's id. */
        id: z.int(),
      }),
    ),
  ),
});
/**
 * The answer to `subscriptions.list`; inferred from {@link SubscriptionListSchema}.
 *
 * @example
 * ```ts
 * const listing: SubscriptionList = await client.subscriptions.list();
 * const before = listing.subscriptions.map((s) => s.id); // ids known before paying
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type SubscriptionList = {
  [K in keyof z.infer<typeof SubscriptionListSchema>]: z.infer<typeof SubscriptionListSchema>[K];
};
