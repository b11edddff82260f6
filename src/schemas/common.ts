import * as z from 'zod/mini';
import { definePlainCheck } from '../core/plain-check.js';

/**
 * A money amount. The service documents decimal strings ("10.00"); the deployed server sends some
 * amounts as JSON numbers (live-api.md §5). Either way seatpay hands out a string, so no amount
 * ever passes through binary floating point in user code.
 *
 * @example
 * ```ts
 * import { DecimalSchema } from 'seatpay';
 *
 * DecimalSchema.parse(59.99); // '59.99'
 * DecimalSchema.parse('10.00'); // '10.00'
 * ```
 */
export const DecimalSchema = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value)),
);
// An amount that already is a string comes out as itself: answers where every amount is a string
// (as SERVICE.md documents) skip zod's copying parse (core/plain-check.ts).
definePlainCheck(DecimalSchema, (value) => typeof value === 'string');

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A decimal amount the caller sends: a string such as "10.00", or a finite number >= 0. Either
 * way it is sent as a plain decimal string, never with an exponent.
 *
 * @example
 * ```ts
 * import { DecimalInputSchema } from 'seatpay';
 *
 * DecimalInputSchema.parse(5); // '5'
 * DecimalInputSchema.safeParse('1e3').success; // false: not a plain decimal
 * ```
 */
export const DecimalInputSchema = z.pipe(
  z.union(
    [
      z.string().check(z.regex(DECIMAL, { error: 'must be a decimal amount such as "10.00"' })),
      // String(1e21) is "1e+21" and String(1e-7) "1e-7": a number is taken only when its string
      // is a plain decimal, so the service never receives an exponent it cannot read.
      z.number().check(
        z.gte(0, { error: 'must be >= 0' }),
        z.refine((n) => DECIMAL.test(String(n)), { error: 'must be a plain decimal amount' }),
      ),
    ],
    { error: 'must be a decimal string such as "10.00"' },
  ),
  z.transform((value) => String(value)),
);

/**
 * An open enum: the known values for autocompletion, and any other string accepted, so a value the
 * service adds later never breaks a user's code.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * import { openEnum } from 'seatpay';
 *
 * const Status = openEnum(['ACTIVE', 'CANCELLED'] as const);
 * type Status = z.infer<typeof Status>; // 'ACTIVE' | 'CANCELLED' | (string & {})
 * Status.parse('PAUSED'); // 'PAUSED': a value not known yet passes
 * ```
 */
export function openEnum<const Values extends readonly string[]>(
  _known: Values,
  base: z.ZodMiniType<string, string> = z.string(),
) {
  return base as unknown as z.ZodMiniType<Values[number] | (string & {}), string>;
}

/**
 * A field the service may leave out or send as null: `z.optional(z.nullable(schema))`.
 *
 * @example
 * ```ts
 * import * as z from 'zod/mini';
 * import { optionalNullable } from 'seatpay';
 *
 * const Team = z.looseObject({ currency: optionalNullable(z.string()) });
 * Team.parse({}); // passes, as do { currency: null } and { currency: 'USD' }
 * ```
 */
export const optionalNullable = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.nullable(schema));

/**
 * A positive integer id the caller sends (a subscription, a seat).
 *
 * @example
 * ```ts
 * import { IdInputSchema } from 'seatpay';
 *
 * IdInputSchema.safeParse(0).success; // false: must be a positive integer
 * ```
 */
export const IdInputSchema = z
  .int({ error: 'must be a positive integer' })
  .check(z.positive({ error: 'must be a positive integer' }));

/**
 * A non-empty string argument (a slug, a token, a file name).
 *
 * @example
 * ```ts
 * import { NonEmptyStringSchema } from 'seatpay';
 *
 * NonEmptyStringSchema.safeParse('').success; // false
 * ```
 */
export const NonEmptyStringSchema = z
  .string({ error: 'must be a non-empty string' })
  .check(z.minLength(1, { error: 'must be a non-empty string' }));
