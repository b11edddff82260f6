import { InvalidRequestError } from '../core/errors/validation-errors.js';

/**
 * A checkout's `key`, `journal` or `identity` given in its request options (the second argument)
 * from JavaScript, where TypeScript would refuse it: read there by nothing, the order would be sent
 * without its key (no journal, no promise never to pay twice), or its key recorded in the client's
 * memory journal rather than the durable one named there (review13a). Refused before anything is
 * sent; one left `undefined` there (a wrapper's spread) names nothing and is not.
 */
export function misplacedKeyError(options: unknown): InvalidRequestError | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const name = ['key', 'journal', 'identity'].find(
    (field) => (options as Record<string, unknown>)[field] !== undefined,
  );
  if (name === undefined) return undefined;
  return new InvalidRequestError(
    `\`${name}\` goes with the order, in checkout's first argument: in its request options the order is paid without it. Nothing was sent`,
    { field: name },
  );
}
