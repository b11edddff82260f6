/** A mistake on the command line: printed as one line, with no stack, and exit code 2. */
export class CommandLineError extends Error {
  override readonly name = 'CommandLineError';
}
