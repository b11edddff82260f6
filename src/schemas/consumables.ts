import * as z from 'zod/mini';
import { JsonSafe } from './input-checks.js';
import { IdInputSchema, NonEmptyStringSchema, optionalNullable } from './common.js';
import type { ExactInput } from './exact-input.js';
import { InvoiceSchema } from './invoices.js';

/**
 * Validates one consumable: units of a service held by a user, a seat (`PER_SEAT`) or a team
 * (`PER_TEAM`).
 *
 * @example
 * ```ts
 * import { ConsumableSchema } from 'seatpay';
 *
 * const pool = ConsumableSchema.parse({ how_many: 10, user: null, subscription_billing_team: 7 });
 * ```
 * @category Schemas and types
 */
export const ConsumableSchema = z.looseObject({
  /** The consumable's numeric id; `consumables.items()` lists each id once. */
  id: z.optional(z.int()),
  /**
   * The slug of the service the units are of (`'ai-credits'`), what `consumables.checkout` takes
   * as `service`. The deployed server's grouped listing names it on the group (`slug`) instead.
   */
  service: z.optional(z.string()),
  /** Units left; -1 means unlimited. */
  how_many: z.int(),
  /** What a unit is (`'UNIT'`). */
  unit_type: z.optional(z.string()),
  /** The user who holds it; null for a team's shared pool. */
  user: optionalNullable(z.int()),
  /** The seat it belongs to, under `PER_SEAT`; null otherwise. */
  subscription_seat: optionalNullable(z.int()),
  /** The billing team whose shared pool it is, under `PER_TEAM`; null otherwise. */
  subscription_billing_team: optionalNullable(z.int()),
  /** When the units expire (an ISO 8601 time), or null. */
  valid_until: optionalNullable(z.string()),
  /** The subscription the units come from, or null (bought alone, or from a plan financing). */
  subscription: optionalNullable(z.int()),
  /** The invoice of a consumable bought alone (`consumables.checkout`), or null. */
  standalone_invoice: optionalNullable(
    z.looseObject({
      /** The invoice's id. */
      id: z.int(),
    }),
  ),
});
/**
 * A consumable; inferred from {@link ConsumableSchema}.
 *
 * @example
 * ```ts
 * const items: Consumable[] = await client.consumables.items();
 * const teamPool = items.filter((item) => item.subscription_billing_team != null);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Consumable = {
  [K in keyof z.infer<typeof ConsumableSchema>]: z.infer<typeof ConsumableSchema>[K];
};

const ResourceBalanceSchema = z.looseObject({
  /** The service's (or set's) id. */
  id: z.optional(z.union([z.int(), z.string()])),
  /** The service's (or set's) slug. */
  slug: z.optional(z.string()),
  /** Units left per unit type (`{ unit: 12 }`); -1 if any item is unlimited. */
  balance: z.optional(z.record(z.string(), z.number())),
  /** The consumables of the group (the deployed server repeats all of a type's items in each). */
  items: z.array(ConsumableSchema),
});

/**
 * The consumables listing in any of the shapes met: a plain array, `{ consumables: [...] }`, or the
 * deployed server's groups (`{ voids: [{ slug, balance, items }], cohort_sets: [...] ... }`).
 * `consumables.items()` flattens any of them.
 *
 * @example
 * ```ts
 * import { ConsumableListSchema } from 'seatpay';
 *
 * const item = { id: 1, how_many: 10 };
 * ConsumableListSchema.parse({ voids: [{ slug: 'ai-credits', items: [item] }] }); // grouped shape
 * ```
 * @category Schemas and types
 */
export const ConsumableListSchema = z.union([
  z.array(ConsumableSchema),
  z.looseObject({
    /** Every consumable, in the `{ consumables: [...] }` shape. */
    consumables: z.array(ConsumableSchema),
  }),
  z.record(z.string(), z.array(ResourceBalanceSchema)),
]);
/**
 * The consumables listing as the service shapes it; inferred from {@link ConsumableListSchema}.
 * Prefer `consumables.items()`, which flattens any shape.
 *
 * @example
 * ```ts
 * const listing: ConsumableList = await client.consumables.list();
 * if (!Array.isArray(listing) && 'voids' in listing) console.log(listing.voids);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type ConsumableList = z.infer<typeof ConsumableListSchema>;

/**
 * Validates the argument of `consumables.checkout` before it is sent. `subscription` is optional
 * here because the deployed server needs it only for the seat service; SERVICE.md's route
 * requires it (`routes.consumableCheckout.requiredFields`), so under `profile: 'spec'` a checkout
 * without it is refused before sending.
 *
 * @example
 * ```ts
 * import { CheckoutParamsSchema } from 'seatpay';
 *
 * CheckoutParamsSchema.safeParse({ service: 'ai-credits', how_many: 0, subscription: 1 }).success;
 * // false: how_many must be a positive integer
 * ```
 * @category Schemas and types
 */
export const CheckoutParamsSchema = /* @__PURE__ */ z
  .looseObject({
    /**
     * The service to buy: its slug (`'ai-credits'`, or the seat service for more seats), or, on
     * the deployed server, its numeric id.
     */
    service: z.union([NonEmptyStringSchema, IdInputSchema], {
      error: 'must be a service slug or a positive integer id',
    }),
    /**
     * How many units (or seats) to buy: a positive integer (-1, unlimited, exists only in a
     * balance, never in a purchase).
     */
    how_many: IdInputSchema,
    /**
     * The id of the subscription to add them to; the owner is charged. Required by SERVICE.md;
     * the deployed server needs it only for the seat service (other units are the buyer's own).
     */
    subscription: z.optional(IdInputSchema),
    /** The academy's id: the deployed server requires it (`profile: 'deployed'`). */
    academy: z.optional(IdInputSchema),
  })
  .check(JsonSafe);
/**
 * The argument of `consumables.checkout`: the fields of {@link CheckoutParamsSchema}, exactly (a
 * misspelled field is a compile error).
 *
 * @example
 * ```ts
 * const order: CheckoutParams = { service: 'ai-credits', how_many: 10, subscription: sub.id };
 * await client.consumables.checkout(order);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type CheckoutParams = ExactInput<typeof CheckoutParamsSchema>;

/** A consumable bought alone, as the deployed server's checkout invoice lists it. */
const StandaloneConsumableSchema = z.looseObject({
  /** The consumable's id. */
  id: z.optional(z.int()),
  /** Units bought; -1 means unlimited. */
  how_many: z.optional(z.int()),
  /** What a unit is (`'UNIT'`). */
  unit_type: z.optional(z.string()),
  /** When the units expire (an ISO 8601 time), or null. */
  valid_until: optionalNullable(z.string()),
  /** The service: its slug, its id, or the service object (`{ id, slug, ... }`). */
  service: optionalNullable(
    z.union([
      z.string(),
      z.int(),
      z.looseObject({
        /** The service's id. */
        id: z.optional(z.int()),
        /** The service's slug (`'ai-credits'`). */
        slug: z.optional(z.string()),
      }),
    ]),
  ),
});

/**
 * Validates the answer to a consumable checkout: an invoice (see {@link InvoiceSchema}) on the
 * deployed server, with the units it made in `standalone_consumables`. Every field is optional,
 * since SERVICE.md does not show it. Its `amount` is a decimal string even where the server sends
 * a number (`4.0` becomes `'4'`).
 *
 * @example
 * ```ts
 * import { CheckoutResultSchema } from 'seatpay';
 *
 * const receipt = CheckoutResultSchema.parse({
 *   id: 9,
 *   amount: 4.0,
 *   status: 'FULFILLED',
 *   standalone_consumables: [{ id: 31, how_many: 5, service: { id: 2, slug: 'ai-credits' } }],
 * });
 * receipt.amount; // '4'
 * ```
 * @category Schemas and types
 */
export const CheckoutResultSchema = z.extend(InvoiceSchema, {
  /** The units this checkout made (the deployed server's checkout of a service other than seats). */
  standalone_consumables: z.optional(z.array(StandaloneConsumableSchema)),
});
/**
 * The answer to `consumables.checkout`; inferred from {@link CheckoutResultSchema}.
 *
 * @example
 * ```ts
 * const receipt: CheckoutResult = await client.consumables.checkout({
 *   service: 'ai-credits',
 *   how_many: 10,
 *   subscription: sub.id,
 * });
 * console.log('charged', receipt.amount, receipt.currency?.code, 'invoice', receipt.id);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type CheckoutResult = {
  [K in keyof z.infer<typeof CheckoutResultSchema>]: z.infer<typeof CheckoutResultSchema>[K];
};
