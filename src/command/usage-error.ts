/**
 * A mistake on the command line or in an input file: printed as one line that says what to type
 * instead, with no stack, and exit code 2. Nothing was sent. `lines` are printed after it, one per
 * mistake, when there are many (every bad row of a CSV file, in one pass).
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  constructor(
    message: string,
    readonly lines: readonly string[] = [],
  ) {
    super(message);
  }
}
