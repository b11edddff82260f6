import type * as z from 'zod/mini';
import { InvalidRequestError, type ValidationIssue } from './errors/validation-errors.js';

/**
 * Checks the caller's arguments against their schema before anything is sent, and returns the
 * parsed value. Throws {@link InvalidRequestError} naming the first offending field.
 */
export function parseInput<T>(schema: z.ZodMiniType<T>, value: unknown, name: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = toIssues(result.error.issues);
  const first = issues[0];
  const field = first && first.path.length ? first.path.join('.') : name;
  throw new InvalidRequestError(`Invalid ${field}: ${first?.message ?? 'invalid value'}`, {
    field,
    issues,
  });
}

/** zod's issues reduced to what seatpay's errors carry. */
export function toIssues(issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
    message: issue.message,
  }));
}
