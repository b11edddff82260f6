import * as z from 'zod/mini';
import { isString, withPlainCheck } from '../core/validate/plain-check.js';
import { decimalProblem } from './decimal.js';
import type { DecimalString } from './exact-input.js';

// `/* @__PURE__ */` before a schema with `.check(...)` (here and in the other schema files): zod's
// factories say they have no side effects, a method call cannot, so a bundle kept every family's
// input schemas though it used one resource (createCore + PlansResource: 55,113 -> 54,634 B).
// `.check` returns a new schema and changes nothing.

/** What `IdInputSchema` accepts, without zod: the cheap check of an argument. @internal */
export function isIdInput(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) > 0;
}

/** What `NonEmptyStringSchema` accepts, without zod. @internal */
export function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

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
 * @category Schemas and types
 */
export const DecimalSchema = /* @__PURE__ */ withPlainCheck(
  z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((value) => String(value)),
  ),
  // An amount that already is a string comes out as itself: answers where every amount is a
  // string (as SERVICE.md documents) skip zod's copying parse (core/validate/plain-check.ts).
  isString,
);

/**
 * A decimal amount the caller sends: a string such as "10.00" (sent exactly as written). Its input
 * type is {@link DecimalString}, so a number is a compile error; at run time (for JavaScript
 * callers) a string and a number follow the one rule of {@link parseDecimal}: a plain decimal, 0
 * or more, with at most 2 decimals. A number is sent as its shortest decimal form (`12.5` as
 * "12.5"); `'-1.00'`, `'10.001'`, `'0.30000000000000004'` and `0.1 + 0.2` are refused with an
 * `InvalidRequestError` that says why, before anything is sent: compute amounts in cents.
 *
 * @example
 * ```ts
 * import { DecimalInputSchema } from 'seatpay';
 *
 * DecimalInputSchema.parse(5); // '5'
 * DecimalInputSchema.safeParse(0.1 + 0.2).success; // false: more than 2 decimals
 * DecimalInputSchema.safeParse('0.30000000000000004').success; // false: the same rule
 * DecimalInputSchema.safeParse('1e3').success; // false: not a plain decimal
 * ```
 * @category Schemas and types
 */
export const DecimalInputSchema = z.pipe(
  // Any value reaches the one rule, so a NaN or a boolean is told why too.
  /* @__PURE__ */ z.unknown().check(
    z.refine((amount) => decimalProblem(amount) === undefined, {
      error: (issue) => decimalProblem(issue.input),
    }),
  ),
  z.transform((value) => String(value)),
  // The type asks for a decimal string; numbers stay accepted at run time (checked above).
) as unknown as z.ZodMiniType<string, DecimalString>;

/**
 * An open enum: the known values for autocompletion, and any other string accepted, so a value the
 * service adds later never breaks a user's code. Internal: not exported by any entry.
 *
 * @example
 * ```ts
 * const Status = openEnum<'ACTIVE' | 'CANCELLED'>();
 * type Status = z.infer<typeof Status>; // 'ACTIVE' | 'CANCELLED' | (string & {})
 * Status.parse('PAUSED'); // 'PAUSED': a value not known yet passes
 * ```
 */
export function openEnum<Known extends string>(base: z.ZodMiniType<string, string> = z.string()) {
  // The known values live in the type only: they cost no bytes in a page's bundle. The input is
  // open too, so arguments (`chosen_period`) keep the autocompletion of results.
  return base as unknown as z.ZodMiniType<Known | (string & {}), Known | (string & {})>;
}

/**
 * A field the service may leave out or send as null: `z.optional(z.nullable(schema))`. Internal.
 *
 * @example
 * ```ts
 * const Team = z.looseObject({ currency: optionalNullable(z.string()) });
 * Team.parse({}); // passes, as do { currency: null } and { currency: 'USD' }
 * ```
 */
export const optionalNullable = <T extends z.ZodMiniType>(schema: T) =>
  z.optional(z.nullable(schema));

/**
 * A positive integer id the caller sends (a subscription, a seat). Internal.
 *
 * @example
 * ```ts
 * IdInputSchema.safeParse(0).success; // false: must be a positive integer
 * ```
 */
export const IdInputSchema = /* @__PURE__ */ withPlainCheck(
  /* @__PURE__ */ z
    .int({ error: 'must be a positive integer' })
    .check(z.positive({ error: 'must be a positive integer' })),
  isIdInput,
);

/**
 * An academy the caller names: its positive integer id, or its slug. Internal.
 *
 * @example
 * ```ts
 * AcademyInputSchema.parse('downtown-miami'); // or 4
 * ```
 */
export const AcademyInputSchema = z.union(
  [/* @__PURE__ */ z.int().check(z.positive()), /* @__PURE__ */ z.string().check(z.minLength(1))],
  { error: 'must be an academy id (a positive integer) or slug' },
);

/**
 * A non-empty string argument (a slug, a token, a file name). Internal.
 *
 * @example
 * ```ts
 * NonEmptyStringSchema.safeParse('').success; // false
 * ```
 */
export const NonEmptyStringSchema = /* @__PURE__ */ withPlainCheck(
  /* @__PURE__ */ z
    .string({ error: 'must be a non-empty string' })
    .check(z.minLength(1, { error: 'must be a non-empty string' })),
  isNonEmptyString,
);
