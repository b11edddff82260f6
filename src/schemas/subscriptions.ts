import * as z from 'zod/mini';
import { optionalNullable } from './common.js';

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
 */
export const SubscriptionSchema = z.looseObject({
  /** What every billing-team, seat and consumable call takes as `subscriptionId`. */
  id: z.int(),
  /** The subscription's state on the service (`'ACTIVE'`, `'FREE_TRIAL'` ...). */
  status: z.optional(z.string()),
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
 */
export type Subscription = z.infer<typeof SubscriptionSchema>;

/**
 * Validates the subscriptions listing: `{ subscriptions: [...] }`.
 *
 * @example
 * ```ts
 * import { SubscriptionListSchema } from 'seatpay';
 *
 * const { subscriptions } = SubscriptionListSchema.parse({ subscriptions: [{ id: 123 }] });
 * ```
 */
export const SubscriptionListSchema = z.looseObject({
  /** The caller's subscriptions. */
  subscriptions: z.array(SubscriptionSchema),
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
 */
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;
