import type { PreparedCall } from '../call.js';
import { ResponseValidationError, type ValidationIssue } from '../errors/validation-errors.js';
import type { Log } from '../setup/logger.js';
import type { ValidationMode } from '../setup/options.js';
import type { Secrets } from '../secrets/secrets.js';
import { toIssues } from '../prepare/validate-input.js';
import { plainCheckOf } from './plain-check.js';
import { withBody } from '../../large-text/validation-body.js';

/** How a client checks every result (made once per client), and what it must not leak. */
export interface ResultSetup {
  validation: ValidationMode;
  secrets: Secrets;
  log: Log;
  quoteStart?: (text: string, secrets: Secrets, length: number) => string; // Node's (platform.ts)
}

/**
 * Parses and validates a 2xx body. Most listings are valid: a plain check answers for them without
 * zod copying each object; only a failing one pays for zod's issues.
 */
export function validated<T>(
  text: string,
  check: PreparedCall<T>, // its schema, named by method and URL; its signal and timeout
  setup: ResultSetup,
): T {
  const { response: schema, method, url } = check;
  const { secrets, log } = setup;
  if (schema === 'empty') return undefined as T;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Redacted before it is cut: a secret across the cut would leave its first characters.
    const body = setup.quoteStart?.(text, secrets, 500) ?? secrets.redact(text).slice(0, 500);
    throw new ResponseValidationError({
      issues: [{ path: [], message: 'the body is not JSON' }],
      body,
      method,
      url,
    });
  }
  if (setup.validation === 'off') return value as T;
  if (plainCheckOf(schema)?.(value)) return value as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Issues quote the service (seat errors' messages, record keys): they may echo a secret.
  const issues: ValidationIssue[] = secrets.redact(toIssues(result.error.issues, { input: value }));
  // Its body only for a thrown one, redacted in slices when large: a warning logs the message.
  const failure = new ResponseValidationError({ issues, body: undefined, method, url });
  if (setup.validation === 'error') throw withBody(failure, value, secrets, check);
  log.warn(failure.message);
  return value as T;
}
