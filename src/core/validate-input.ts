import type * as z from 'zod/mini';
import { InvalidRequestError, type ValidationIssue } from './errors/validation-errors.js';

/**
 * Checks the caller's arguments against their schema before anything is sent, and returns the
 * parsed value. Throws {@link InvalidRequestError} naming the first offending field. `name` is the
 * argument's wire name: it prefixes paths into an array argument (`add_seats.0.email`) and stands
 * alone for a scalar (`subscription_id`).
 */
export function parseInput<T>(schema: z.ZodMiniType<T>, value: unknown, name: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues).map((issue) =>
    typeof issue.path[0] === 'number' ? { ...issue, path: [name, ...issue.path] } : issue,
  );
  const first = issues[0];
  const field = first && first.path.length ? first.path.join('.') : name;
  throw new InvalidRequestError(`Invalid ${field}: ${first?.message ?? 'invalid value'}`, {
    field,
    issues,
  });
}

/**
 * zod's issues reduced to what seatpay's errors carry. zod/mini ships no locale (it would cost the
 * bundle), so its generic "Invalid input" is replaced by a short description of the issue.
 */
export function toIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: 'is not a known field' }));
    }
    const message = issue.message === 'Invalid input' ? describe(issue) : issue.message;
    return [{ path, message }];
  });
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `must be a valid ${issue.format}`;
    case 'invalid_union':
      return 'matches none of the allowed shapes';
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    default:
      return 'is invalid';
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
