/** A failure with what to do about it, said on the same line (the key to reconcile, say). */
export class AdvisedError extends Error {
  override readonly name = 'AdvisedError';

  constructor(
    readonly error: unknown,
    readonly advice: string,
  ) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
