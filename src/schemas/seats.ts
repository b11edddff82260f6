import * as z from 'zod/mini';
import { IdInputSchema } from './common.js';
import type { ExactInput } from './exact-input.js';
import { boundedArray, JsonSafe } from './input-checks.js';

/**
 * Validates a seat: one team member's access to the shared subscription.
 *
 * @example
 * ```ts
 * import { SeatSchema } from 'seatpay';
 *
 * const seat = SeatSchema.parse({ id: 3, user: null, email: 'ada@example.com', is_active: true });
 * ```
 * @category Schemas and types
 */
export const SeatSchema = z.looseObject({
  /** What `seats.remove` takes as `seatId`. */
  id: z.int(),
  /** The holder's user id; null while no registered user is attached to the seat. */
  user: z.nullable(z.int()),
  /** The holder's email address. */
  email: z.string(),
  /** Whether the seat is in use. */
  is_active: z.boolean(),
  /**
   * How many allocations the seat gets under `PER_SEAT` (2 = twice a plain seat's), where the
   * server has multipliers (SERVICE.md); the deployed server has none and never sends it.
   */
  seat_multiplier: z.optional(z.int()),
});
/**
 * A seat; inferred from {@link SeatSchema}.
 *
 * @example
 * ```ts
 * const seats: Seat[] = await client.seats.list(sub.id);
 * const active = seats.filter((seat) => seat.is_active).map((seat) => seat.email);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type Seat = { [K in keyof z.infer<typeof SeatSchema>]: z.infer<typeof SeatSchema>[K] };

const SeatItemErrorSchema = z.looseObject({
  /** Why the service refused this item. */
  message: z.optional(z.string()),
  /** The service's code for the refusal (`'seat-cohort-required'` ...). */
  code: z.optional(z.unknown()),
});

/**
 * Seats as the service answers a seat change: an array (SERVICE.md), or the deployed server's
 * multi-status `{ data, errors }` (live-api.md §2.2). The latter yields its `data`; when some items
 * failed it is refused, naming each failure, so a partly applied change is never taken for a
 * complete one (the error's `body` still holds the seats that were changed).
 *
 * @example
 * ```ts
 * import { SeatListSchema } from 'seatpay';
 *
 * const seat = { id: 3, user: null, email: 'ada@example.com', is_active: true };
 * SeatListSchema.parse({ data: [seat], errors: [] }); // [seat]: the multi-status answer's `data`
 * ```
 * @category Schemas and types
 */
export const SeatListSchema = z.union([
  z.array(SeatSchema),
  z.pipe(
    z.looseObject({
      /** The seats the change added or changed (not the whole team). */
      data: z.array(SeatSchema),
      /** The items the service refused, one entry each. */
      errors: z.optional(z.array(SeatItemErrorSchema)),
    }),
    z.transform((answer, context) => {
      (answer.errors ?? []).forEach((failure, index) => {
        const message = failure.message ?? 'the service refused this item';
        context.issues.push({ code: 'custom', message, input: failure, path: ['errors', index] });
      });
      return answer.data;
    }),
  ),
]);

const EmailSchema = z.email({ error: 'must be a valid email address' });

/**
 * Validates one seat to add, before it is sent. `seat_multiplier` (an integer >= 1) only matters
 * under `PER_SEAT`, and only under `profile: 'spec'`: the deployed server ignores it (every seat
 * gets the plan's units), so there a seat with one is refused before sending. `cohort_id` is what
 * the deployed server requires. At run time, fields it does
 * not name are sent as given; the {@link SeatInput} type names them all, so a typo does not compile.
 *
 * @example
 * ```ts
 * import { SeatInputSchema } from 'seatpay';
 *
 * SeatInputSchema.safeParse({ email: 'bob@example.com', seat_multiplier: 0 }).success; // false
 * ```
 * @category Schemas and types
 */
export const SeatInputSchema = /* @__PURE__ */ z
  .looseObject({
    /** The new holder's email address; the only required field. */
    email: EmailSchema,
    /** The holder's first name. */
    first_name: z.optional(z.string()),
    /** The holder's last name. */
    last_name: z.optional(z.string()),
    /**
     * Under `PER_SEAT`, how many allocations the seat gets (an integer >= 1; 1 when omitted), under
     * `profile: 'spec'` (SERVICE.md). The deployed server ignores it (1x for every seat): under
     * `profile: 'deployed'` a seat with one is refused before sending (`InvalidRequestError`).
     */
    seat_multiplier: z.optional(
      /* @__PURE__ */ z
        .int({ error: 'must be an integer >= 1' })
        .check(z.gte(1, { error: 'must be an integer >= 1' })),
    ),
    /** The cohort the member joins (a positive id): the deployed server requires it. */
    cohort_id: z.optional(IdInputSchema),
  })
  .check(JsonSafe);
/**
 * One seat to add with `seats.add`: the fields of {@link SeatInputSchema}, exactly (a misspelled
 * field is a compile error).
 *
 * @example
 * ```ts
 * const seats: SeatInput[] = [
 *   { email: 'ada@example.com', first_name: 'Ada' },
 *   { email: 'bob@example.com', seat_multiplier: 2 },
 * ];
 * await client.seats.add(sub.id, seats);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type SeatInput = ExactInput<typeof SeatInputSchema>;

/**
 * Validates the `add_seats` list of `seats.add`: at least one seat and at most 10,000 (its length
 * is checked before any item is read), each a valid {@link SeatInputSchema}.
 *
 * @example
 * ```ts
 * import { SeatInputListSchema } from 'seatpay';
 *
 * SeatInputListSchema.safeParse([]).success; // false: must hold at least one seat
 * ```
 * @category Schemas and types
 */
export const SeatInputListSchema = boundedArray(
  SeatInputSchema,
  { error: 'must be an array of seats' },
  z.minLength(1, { error: 'must hold at least one seat' }),
);

/**
 * Validates one seat replacement before it is sent: the seat held by `from_email` passes to
 * `to_email`.
 *
 * @example
 * ```ts
 * import { SeatReplacementSchema } from 'seatpay';
 *
 * SeatReplacementSchema.parse({ from_email: 'bob@example.com', to_email: 'eve@example.com' });
 * ```
 * @category Schemas and types
 */
export const SeatReplacementSchema = /* @__PURE__ */ z
  .looseObject({
    /** The email of the seat's current holder. */
    from_email: EmailSchema,
    /** The email of its new holder. */
    to_email: EmailSchema,
  })
  .check(JsonSafe);
/**
 * One seat replacement for `seats.replace`: the fields of {@link SeatReplacementSchema}, exactly.
 *
 * @example
 * ```ts
 * const swap: SeatReplacement = { from_email: 'bob@example.com', to_email: 'eve@example.com' };
 * await client.seats.replace(sub.id, [swap]);
 * ```
 * @useDeclaredType
 * @category Schemas and types
 */
export type SeatReplacement = ExactInput<typeof SeatReplacementSchema>;

/**
 * Validates the `replace_seats` list of `seats.replace`: at least one replacement and at most
 * 10,000 (its length is checked before any item is read), each a valid {@link SeatReplacementSchema}.
 *
 * @example
 * ```ts
 * import { SeatReplacementListSchema } from 'seatpay';
 *
 * SeatReplacementListSchema.safeParse([{ from_email: 'bob@example.com' }]).success; // false
 * ```
 * @category Schemas and types
 */
export const SeatReplacementListSchema = boundedArray(
  SeatReplacementSchema,
  { error: 'must be an array of replacements' },
  z.minLength(1, { error: 'must hold at least one replacement' }),
);
