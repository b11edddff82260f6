import * as z from 'zod/mini';

export const SeatSchema = z.looseObject({
  id: z.int(),
  user: z.nullable(z.int()),
  email: z.string(),
  is_active: z.boolean(),
  seat_multiplier: z.optional(z.int()),
});
export type Seat = z.infer<typeof SeatSchema>;

/**
 * Seats as the service answers a seat change: an array (SERVICE.md), or the deployed server's
 * multi-status `{ data, errors }` (live-api.md §2.2), whose `data` is taken.
 */
export const SeatListSchema = z.union([
  z.array(SeatSchema),
  z.pipe(
    z.looseObject({ data: z.array(SeatSchema) }),
    z.transform((answer) => answer.data),
  ),
]);

const EmailSchema = z.email({ error: 'must be a valid email address' });

/** One seat to add. `seat_multiplier` (an integer >= 1) only matters under `PER_SEAT`. */
export const SeatInputSchema = z.looseObject({
  email: EmailSchema,
  first_name: z.optional(z.string()),
  last_name: z.optional(z.string()),
  seat_multiplier: z.optional(
    z
      .int({ error: 'must be an integer >= 1' })
      .check(z.gte(1, { error: 'must be an integer >= 1' })),
  ),
});
export type SeatInput = z.input<typeof SeatInputSchema>;

export const SeatInputListSchema = z
  .array(SeatInputSchema, { error: 'must be an array of seats' })
  .check(z.minLength(1, { error: 'must hold at least one seat' }));

export const SeatReplacementSchema = z.looseObject({
  from_email: EmailSchema,
  to_email: EmailSchema,
});
export type SeatReplacement = z.input<typeof SeatReplacementSchema>;

export const SeatReplacementListSchema = z
  .array(SeatReplacementSchema, { error: 'must be an array of replacements' })
  .check(z.minLength(1, { error: 'must hold at least one replacement' }));
