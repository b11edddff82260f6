import * as z from 'zod/mini';
import { optionalNullable } from './common.js';

export const SubscriptionSchema = z.looseObject({
  id: z.int(),
  status: z.optional(z.string()),
  plans: z.optional(
    z.array(z.looseObject({ id: z.optional(z.int()), slug: z.optional(z.string()) })),
  ),
  seats_limit: optionalNullable(z.int()),
  seats_count: optionalNullable(z.int()),
  has_billing_team: z.optional(z.boolean()),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionListSchema = z.looseObject({ subscriptions: z.array(SubscriptionSchema) });
export type SubscriptionList = z.infer<typeof SubscriptionListSchema>;
