import { InvalidRequestError } from '../core/errors/validation-errors.js';

/**
 * Refuses the first option of `given` that `call` does not read (`known`), given from JavaScript
 * (TypeScript refuses it), before anything is done (`nothing`: "sent", "polled"): a misspelt one
 * was read by nothing, the call running without it (newuser18, redteam40). One left `undefined`
 * (a wrapper's spread) names nothing. Upload's and waitFor's, written once (signals19).
 */
export function checkKnownOptions(
  given: object,
  known: readonly string[],
  call: string,
  nothing: string,
): void {
  const named = given as Record<string, unknown>;
  const name = Object.keys(named).find((n) => !known.includes(n) && named[n] !== undefined);
  if (name === undefined) return;
  throw new InvalidRequestError(
    `\`${name}\` is no option of ${call}: its options are ${known.join(', ')}. Nothing was ${nothing}`,
    { field: name },
  );
}
