import type { PreparedCall } from '../call.js';
import { ResponseValidationError } from '../errors/validation-errors.js';
import { SLICE } from '../../large-text/large-value.js';
import {
  type ResultSetup,
  validateInOneGo,
  validateLater,
} from '../../large-text/validate-large.js';

export type { ResultSetup };

/**
 * Parses and validates a 2xx body: in one go, or for a body of a slice or more (a listing of
 * megabytes) row by row, the event loop let go between slices (src/large-text/validate-large.ts).
 */
export function validated<T>(
  text: string,
  check: PreparedCall<T>, // its schema, named by method and URL; its signal and timeout
  setup: ResultSetup,
): T | Promise<T> {
  const { response: schema, method, url } = check;
  const { secrets } = setup;
  if (schema === 'empty') return undefined as T;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Redacted before it is cut: a secret across the cut would leave its first characters.
    const body = setup.quoteStart?.(text, secrets, 500) ?? secrets.redact(text).slice(0, 500);
    const issues = [{ path: [], message: 'the body is not JSON' }];
    throw new ResponseValidationError({ issues, body, method, url }, false); // any `validate`
  }
  if (setup.validation === 'off') return value as T;
  if (text.length >= SLICE) return validateLater(value, check, setup, text.length);
  return validateInOneGo(value, check, setup);
}
