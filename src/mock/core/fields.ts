import * as z from 'zod/mini';
import { SimulatorError } from './http-error.js';
import { parseDecimal, type Cents } from './money.js';

/*
 * Body validation for the simulated service. Messages follow Django REST framework, which the
 * deployed server uses, so a 400 looks like `{ "team_seats": ["A valid integer is required."] }`.
 */

const REQUIRED = 'This field is required.';
const orRequired = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : message),
});

export const text = () =>
  z.string(orRequired('Not a valid string.')).check(z.minLength(1, 'This field may not be blank.'));

export const integer = (min?: number) => {
  const base = z.int(orRequired('A valid integer is required.'));
  return min === undefined
    ? base
    : base.check(z.gte(min, `Ensure this value is greater than or equal to ${min}.`));
};

export const boolean = () => z.boolean(orRequired('Must be a valid boolean.'));

export const list = <T extends z.ZodMiniType>(item: T) =>
  z
    .array(item, orRequired('Expected a list of items.'))
    .check(z.minLength(1, 'This list may not be empty.'));

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined
        ? REQUIRED
        : `"${String(issue.input)}" is not a valid choice (${values.join(', ')}).`,
  });

const DECIMAL = /^\d+(\.\d{1,2})?$/;
const DECIMAL_MESSAGE = 'A valid decimal >= 0 with at most 2 decimal places is required.';

/** A money amount sent as "10.00" or 10; answered as cents. */
export const decimal = () =>
  z.pipe(
    z
      .union([z.string(), z.number()], orRequired(DECIMAL_MESSAGE))
      .check(
        z.refine(
          (value) => DECIMAL.test(typeof value === 'number' ? String(value) : value),
          DECIMAL_MESSAGE,
        ),
      ),
    z.transform((value): Cents => parseDecimal(value)),
  );

export const email = () =>
  z
    .pipe(
      text(),
      z.transform((value) => value.trim().toLowerCase()),
    )
    .check(
      z.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Enter a valid email address.'),
    );

/** Parses `input` or throws a 400 with one entry per failing field (`add_seats[0].email`). */
export function validate<T extends z.ZodMiniType>(schema: T, input: unknown): z.output<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = fieldPath(issue.path) || 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  throw SimulatorError.fields(errors);
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`,
    )
    .join('');
}
