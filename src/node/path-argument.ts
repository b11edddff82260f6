import { InvalidRequestError } from '../core/errors/validation-errors.js';

/**
 * Refuses a path argument that is no path: a script's `process.argv[2]!` or `process.env.DIR!`
 * left unset is refused as any bad argument is (`InvalidRequestError` on `field`), not with
 * node:path's TypeError, and an empty string does not stand for the working directory.
 */
export function checkPathArgument(
  value: unknown,
  what: string,
  field: string,
): asserts value is string {
  if (typeof value === 'string' && value !== '') return;
  const given =
    value === '' ? 'an empty string' : value == null ? String(value) : `a ${typeof value}`;
  throw new InvalidRequestError(`${what}, not ${given}`, { field });
}
