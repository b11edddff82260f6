import * as z from 'zod/mini';
import { JsonSafe } from './input-checks.js';
import { DecimalSchema, IdInputSchema, NonEmptyStringSchema, optionalNullable } from './common.js';

/** One consumable: units of a service held by a user, a seat (`PER_SEAT`) or a team (`PER_TEAM`). */
export const ConsumableSchema = z.looseObject({
  id: z.optional(z.int()),
  how_many: z.int(),
  unit_type: z.optional(z.string()),
  user: optionalNullable(z.int()),
  subscription_seat: optionalNullable(z.int()),
  subscription_billing_team: optionalNullable(z.int()),
  valid_until: optionalNullable(z.string()),
});
export type Consumable = z.infer<typeof ConsumableSchema>;

const ResourceBalanceSchema = z.looseObject({
  id: z.optional(z.union([z.int(), z.string()])),
  slug: z.optional(z.string()),
  balance: z.optional(z.record(z.string(), z.number())),
  items: z.array(ConsumableSchema),
});

/**
 * The consumables listing in any of the shapes met: a plain array, `{ consumables: [...] }`, or the
 * deployed server's groups (`{ voids: [{ slug, balance, items }], cohort_sets: [...] ... }`).
 * `consumables.items()` flattens any of them.
 */
export const ConsumableListSchema = z.union([
  z.array(ConsumableSchema),
  z.looseObject({ consumables: z.array(ConsumableSchema) }),
  z.record(z.string(), z.array(ResourceBalanceSchema)),
]);
export type ConsumableList = z.infer<typeof ConsumableListSchema>;

export const CheckoutParamsSchema = z
  .looseObject({
    service: NonEmptyStringSchema,
    how_many: z.int({ error: 'must be an integer >= 1, or -1 for unlimited' }).check(
      z.refine((n) => n >= 1 || n === -1, {
        error: 'must be an integer >= 1, or -1 for unlimited',
      }),
    ),
    subscription: IdInputSchema,
  })
  .check(JsonSafe);
export type CheckoutParams = z.input<typeof CheckoutParamsSchema>;

export const CheckoutResultSchema = z.looseObject({
  id: z.optional(z.int()),
  amount: optionalNullable(DecimalSchema),
  status: z.optional(z.string()),
});
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;
