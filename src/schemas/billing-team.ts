import * as z from 'zod/mini';
import { DecimalInputSchema, DecimalSchema, optionalNullable } from './common.js';
import { ConsumptionStrategySchema } from './payments.js';

/**
 * A billing team in any of its three shapes (SERVICE.md): the PATCH shape names the cap
 * `max_monthly_spend`, the read and PUT shapes `max_period_spend`, and the short shape carries only
 * id, subscription, seats_limit and consumption_strategy. Use {@link spendingOf} to read the cap
 * and spend whatever the shape.
 */
export const BillingTeamSchema = z.looseObject({
  id: z.int(),
  subscription: z.int(),
  seats_limit: z.int(),
  name: z.optional(z.string()),
  seats_count: z.optional(z.int()),
  consumption_strategy: optionalNullable(ConsumptionStrategySchema),
  auto_recharge_enabled: z.optional(z.boolean()),
  recharge_threshold_amount: optionalNullable(DecimalSchema),
  recharge_amount: optionalNullable(DecimalSchema),
  max_monthly_spend: optionalNullable(DecimalSchema),
  current_month_spend: optionalNullable(DecimalSchema),
  last_recharge_reset_at: optionalNullable(z.string()),
  max_period_spend: optionalNullable(DecimalSchema),
  current_period_spend: optionalNullable(DecimalSchema),
  currency: optionalNullable(z.string()),
});
export type BillingTeam = z.infer<typeof BillingTeamSchema>;

/** `billingTeam.update` (PATCH): any of these fields, at least one. */
export const BillingTeamPatchSchema = z
  .strictObject({
    auto_recharge_enabled: z.optional(z.boolean({ error: 'must be a boolean' })),
    recharge_threshold_amount: z.optional(DecimalInputSchema),
    recharge_amount: z.optional(DecimalInputSchema),
    max_monthly_spend: z.optional(DecimalInputSchema),
  })
  .check(
    z.refine((patch) => Object.keys(patch).length > 0, { error: 'must change at least one field' }),
  );
export type BillingTeamPatch = z.input<typeof BillingTeamPatchSchema>;

/** `billingTeam.replace` (PUT): the whole auto-recharge configuration. `max_period_spend: null` means no cap. */
export const BillingTeamReplaceSchema = z.strictObject({
  auto_recharge_enabled: z.boolean({ error: 'must be a boolean' }),
  recharge_threshold_amount: DecimalInputSchema,
  recharge_amount: DecimalInputSchema,
  max_period_spend: z.nullable(DecimalInputSchema),
});
export type BillingTeamReplace = z.input<typeof BillingTeamReplaceSchema>;
