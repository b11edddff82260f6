// What a user prints of a failed call: where a secret must not show, whichever way it is printed.
import { inspect } from 'node:util';
import { expect } from 'vitest';

/** `call`'s error as printed: its message, `inspect` of it (nested 9 deep) and its JSON. */
export async function printedFailure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
  return `${(error as Error).message}\n${inspect(error, { depth: 9 })}\n${JSON.stringify(error)}`;
}
