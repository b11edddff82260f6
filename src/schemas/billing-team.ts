import * as z from 'zod/mini';
import { DecimalInputSchema, DecimalSchema, optionalNullable } from './common.js';
import { ConsumptionStrategySchema } from './payments.js';

/**
 * A billing team in any of its three shapes (SERVICE.md): the PATCH shape names the cap
 * `max_monthly_spend`, the read and PUT shapes `max_period_spend`, and the short shape carries only
 * id, subscription, seats_limit and consumption_strategy. Use {@link spendingOf} to read the cap
 * and spend whatever the shape.
 *
 * @example
 * ```ts
 * import { BillingTeamSchema } from 'seatpay';
 *
 * const team = BillingTeamSchema.parse({ id: 7, subscription: 123, seats_limit: 4 }); // short
 * ```
 * @category Schemas and types
 */
export const BillingTeamSchema = z.looseObject({
  /** The team's numeric id. */
  id: z.int(),
  /** The id of the subscription the team shares. */
  subscription: z.int(),
  /** The most seats the team may hold; a seat checkout raises it. */
  seats_limit: z.int(),
  /** The team's name. */
  name: z.optional(z.string()),
  /** The seats in use (read shape only). */
  seats_count: z.optional(z.int()),
  /** The seats bought beyond the owner's (the deployed server: `seats_limit` is this + 1). */
  additional_seats: z.optional(z.int()),
  /** How the team's consumables are shared: one pool (`PER_TEAM`) or per seat (`PER_SEAT`). */
  consumption_strategy: optionalNullable(ConsumptionStrategySchema),
  /** Whether the balance is topped up automatically when it falls below the threshold. */
  auto_recharge_enabled: z.optional(z.boolean()),
  /** A balance below this triggers an auto-recharge (decimal string). */
  recharge_threshold_amount: optionalNullable(DecimalSchema),
  /** What each recharge adds (decimal string). */
  recharge_amount: optionalNullable(DecimalSchema),
  /** The spending cap per period, as the PATCH shape names it (decimal string). */
  max_monthly_spend: optionalNullable(DecimalSchema),
  /** Spent so far this period, as the PATCH shape names it (decimal string). */
  current_month_spend: optionalNullable(DecimalSchema),
  /** When the period's spend was last reset (PATCH shape; an ISO 8601 time or null). */
  last_recharge_reset_at: optionalNullable(z.string()),
  /** The cap per period, as the read and PUT shapes name it (decimal string); null: none. */
  max_period_spend: optionalNullable(DecimalSchema),
  /** Spent so far this period, as the read shape names it (decimal string). */
  current_period_spend: optionalNullable(DecimalSchema),
  /** The currency code of the amounts (read shape). */
  currency: optionalNullable(z.string()),
  /**
   * When the current spending period started (deployed server). Read it leniently: that server
   * writes it as `'2026-08-15T16:35:12.904426T'`, with a stray `T` for the time zone.
   */
  period_start: optionalNullable(z.string()),
  /** When the current spending period ends (deployed server; the same quirk as `period_start`). */
  period_end: optionalNullable(z.string()),
});
/**
 * A billing team in any of its three shapes; inferred from {@link BillingTeamSchema}. Read the
 * cap and the spend with {@link spendingOf}, which knows every shape's field names.
 *
 * @example
 * ```ts
 * const team: BillingTeam = await client.billingTeam.get(sub.id);
 * console.log(team.consumption_strategy, `${team.seats_count}/${team.seats_limit} seats`);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type BillingTeam = {
  [K in keyof z.infer<typeof BillingTeamSchema>]: z.infer<typeof BillingTeamSchema>[K];
};

/**
 * Validates the argument of `billingTeam.update` (PATCH) before it is sent: any of these fields,
 * at least one, and no other. Amounts are decimal strings ({@link DecimalString}); a JavaScript
 * caller's number is taken only when exact to the cent (see {@link DecimalInputSchema}: `0.1 + 0.2`
 * is refused), and sent as a string.
 *
 * @example
 * ```ts
 * import { BillingTeamPatchSchema } from 'seatpay';
 *
 * BillingTeamPatchSchema.parse({ recharge_amount: '10.00' }); // { recharge_amount: '10.00' }
 * BillingTeamPatchSchema.safeParse({}).success; // false: must change at least one field
 * ```
 * @category Schemas and types
 */
export const BillingTeamPatchSchema = /* @__PURE__ */ z
  .strictObject({
    /** Turns auto-recharge on or off. */
    auto_recharge_enabled: z.optional(z.boolean({ error: 'must be a boolean' })),
    /** A balance below this triggers an auto-recharge. */
    recharge_threshold_amount: z.optional(DecimalInputSchema),
    /** What each recharge adds. */
    recharge_amount: z.optional(DecimalInputSchema),
    /** The spending cap per period. */
    max_monthly_spend: z.optional(DecimalInputSchema),
  })
  .check(
    z.refine((patch) => Object.keys(patch).length > 0, { error: 'must change at least one field' }),
  );
/**
 * The argument of `billingTeam.update`; the input type of {@link BillingTeamPatchSchema}.
 *
 * @example
 * ```ts
 * const patch: BillingTeamPatch = { auto_recharge_enabled: true, recharge_amount: '10.00' };
 * const team = await client.billingTeam.update(sub.id, patch);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type BillingTeamPatch = z.input<typeof BillingTeamPatchSchema>;

/**
 * Validates the argument of `billingTeam.replace` (PUT) before it is sent: the auto-recharge
 * configuration, sent as given. SERVICE.md's PUT takes the whole of it, every field required
 * (`routes.replaceBillingTeam.requiredFields`: refused before sending under `profile: 'spec'`);
 * the deployed server's PUT is partial and takes any of them (`{}` answers the team unchanged).
 * `max_period_spend: null` means no cap.
 *
 * @example
 * ```ts
 * import { BillingTeamReplaceSchema } from 'seatpay';
 *
 * BillingTeamReplaceSchema.safeParse({ recharge_amount: -1 }).success; // false: not a decimal >= 0
 * ```
 * @category Schemas and types
 */
export const BillingTeamReplaceSchema = z.strictObject({
  /** Turns auto-recharge on or off. */
  auto_recharge_enabled: z.optional(z.boolean({ error: 'must be a boolean' })),
  /** A balance below this triggers an auto-recharge. */
  recharge_threshold_amount: z.optional(DecimalInputSchema),
  /** What each recharge adds. */
  recharge_amount: z.optional(DecimalInputSchema),
  /** The spending cap per period; null for no cap. */
  max_period_spend: z.optional(z.nullable(DecimalInputSchema)),
});
/**
 * The argument of `billingTeam.replace`; the input type of {@link BillingTeamReplaceSchema}.
 *
 * @example
 * ```ts
 * const config: BillingTeamReplace = {
 *   auto_recharge_enabled: true,
 *   recharge_threshold_amount: '5.00',
 *   recharge_amount: '10.00',
 *   max_period_spend: null, // no cap
 * };
 * await client.billingTeam.replace(sub.id, config);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type BillingTeamReplace = z.input<typeof BillingTeamReplaceSchema>;
