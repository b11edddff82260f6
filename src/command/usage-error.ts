/**
 * A mistake on the command line or in an input file: printed as one line that says what to type
 * instead, with no stack, and exit code 2. Nothing was sent.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
