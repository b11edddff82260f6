import * as z from 'zod/mini';
import { JsonSafe } from './input-checks.js';

export const SeatSchema = z.looseObject({
  id: z.int(),
  user: z.nullable(z.int()),
  email: z.string(),
  is_active: z.boolean(),
  seat_multiplier: z.optional(z.int()),
});
export type Seat = z.infer<typeof SeatSchema>;

const SeatItemErrorSchema = z.looseObject({
  message: z.optional(z.string()),
  code: z.optional(z.unknown()),
});

/**
 * Seats as the service answers a seat change: an array (SERVICE.md), or the deployed server's
 * multi-status `{ data, errors }` (live-api.md §2.2). The latter yields its `data`; when some items
 * failed it is refused, naming each failure, so a partly applied change is never taken for a
 * complete one (the error's `body` still holds the seats that were changed).
 */
export const SeatListSchema = z.union([
  z.array(SeatSchema),
  z.pipe(
    z.looseObject({ data: z.array(SeatSchema), errors: z.optional(z.array(SeatItemErrorSchema)) }),
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

/** One seat to add. `seat_multiplier` (an integer >= 1) only matters under `PER_SEAT`. */
export const SeatInputSchema = z
  .looseObject({
    email: EmailSchema,
    first_name: z.optional(z.string()),
    last_name: z.optional(z.string()),
    seat_multiplier: z.optional(
      z
        .int({ error: 'must be an integer >= 1' })
        .check(z.gte(1, { error: 'must be an integer >= 1' })),
    ),
  })
  .check(JsonSafe);
export type SeatInput = z.input<typeof SeatInputSchema>;

export const SeatInputListSchema = z
  .array(SeatInputSchema, { error: 'must be an array of seats' })
  .check(z.minLength(1, { error: 'must hold at least one seat' }));

export const SeatReplacementSchema = z
  .looseObject({
    from_email: EmailSchema,
    to_email: EmailSchema,
  })
  .check(JsonSafe);
export type SeatReplacement = z.input<typeof SeatReplacementSchema>;

export const SeatReplacementListSchema = z
  .array(SeatReplacementSchema, { error: 'must be an array of replacements' })
  .check(z.minLength(1, { error: 'must hold at least one replacement' }));
