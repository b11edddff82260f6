import type { ResponsePromise } from 'ky';
import type * as z from 'zod/mini';
import { ResponseValidationError, type ValidationIssue } from './errors/validation-errors.js';
import type { Log } from './logger.js';
import type { ValidationMode } from './options.js';
import { plainCheckOf } from './plain-check.js';
import { redact } from './redact.js';
import { toIssues } from './validate-input.js';

/**
 * Reads an answer's body as text, through ky's body shortcut: bounded by the same per-attempt
 * `timeout` as the wait for its headers. The one place a body is read (2xx or not), so a bound on
 * its size belongs here.
 */
export function readBody(pending: ResponsePromise): Promise<string> {
  return pending.text();
}

/** What a 2xx body is checked against, and what it must not leak. */
export interface ResultCheck<T> {
  /** The schema of a 2xx body, or `'empty'` for answers with nothing to read. */
  schema: z.ZodMiniType<T> | 'empty';
  validation: ValidationMode;
  method: string;
  url: string;
  secrets: readonly string[];
  log: Log;
}

/**
 * Parses and validates a 2xx body. Most listings are valid: a plain check answers for them without
 * zod copying each object; only a failing one pays for zod's issues.
 */
export function readResult<T>(text: string, check: ResultCheck<T>): T {
  const { schema, method, url, secrets } = check;
  if (schema === 'empty') return undefined as T;
  const parsed = parseJson(text);
  if (!parsed.ok) {
    // Redact before cutting: a secret across the cut would leave its first characters.
    const body = (redact(text, secrets) as string).slice(0, 500);
    throw new ResponseValidationError({
      issues: [{ path: [], message: 'the body is not JSON' }],
      body,
      method,
      url,
    });
  }
  if (check.validation === 'off') return parsed.value as T;
  if (plainCheckOf(schema)?.(parsed.value)) return parsed.value as T;
  const result = schema.safeParse(parsed.value);
  if (result.success) return result.data;
  // Issues quote the service (seat errors' messages, record keys): they may echo a secret.
  const issues = redact(
    toIssues(result.error.issues, { input: parsed.value }),
    secrets,
  ) as ValidationIssue[];
  const failure = new ResponseValidationError({
    issues,
    body: redact(parsed.value, secrets),
    method,
    url,
  });
  if (check.validation === 'error') throw failure;
  check.log.warn(failure.message);
  return parsed.value as T;
}

/** An error body as JSON when it is JSON, else as text (an HTML page), else undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
