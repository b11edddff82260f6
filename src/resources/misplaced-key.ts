import { InvalidRequestError } from '../core/errors/validation-errors.js';

/** Where a `key`, `journal` or `identity` was given that reads none of them. */
export type MisplacedIn = 'checkout' | 'purchase' | 'pay' | 'client';

/** What to do instead, by where they were given. */
const ADVICE: Record<MisplacedIn, string> = {
  checkout:
    "goes with the order, in checkout's first argument: in its request options the order is paid without it",
  purchase: "goes with the order, in purchase's only argument: a second one is read by nothing",
  pay: 'is read by no pay call (it pays without a key): to never pay twice, call client.purchase({ ...order, key, journal })',
  client:
    "is no client option: give it with each keyed call, in checkout's or purchase's first argument",
};

/**
 * A `key`, `journal` or `identity` given where nothing reads it, from JavaScript where TypeScript
 * would refuse it: a checkout's request options (the second argument), a purchase's second
 * argument, a pay call's body or options, the client's options. Read there by nothing, the order
 * would be sent without its key (no promise never to pay twice), or its key recorded in the
 * client's memory journal rather than the durable one named there, so a re-run after a restart
 * pays again (newuser13, newuser14). Refused before anything is sent; one left `undefined` there
 * (a wrapper's spread) names nothing and is not.
 */
export function misplacedKeyError(
  options: unknown,
  where: MisplacedIn = 'checkout',
): InvalidRequestError | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const name = ['key', 'journal', 'identity'].find(
    (field) => (options as Record<string, unknown>)[field] !== undefined,
  );
  if (name === undefined) return undefined;
  const nothing = where === 'client' ? 'No client was made' : 'Nothing was sent';
  return new InvalidRequestError(`\`${name}\` ${ADVICE[where]}. ${nothing}`, { field: name });
}
