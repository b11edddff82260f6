import { InvalidRequestError } from '../core/errors/validation-errors.js';

/** The fields of a keyed money call's first argument, never read anywhere else. */
const KEY_FIELDS = ['key', 'journal', 'identity'];

/** The first of {@link KEY_FIELDS} `given` names (one left `undefined` names nothing). */
function keyField(given: unknown): string | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  return KEY_FIELDS.find((field) => (given as Record<string, unknown>)[field] !== undefined);
}

/**
 * A keyed call's `key`, `journal` or `identity` given in its request options (the second argument)
 * from JavaScript, where TypeScript would refuse it: read there by nothing, the order would be sent
 * without its key (no journal, no promise never to pay twice), or its key recorded in the client's
 * memory journal rather than the durable one named there (review13a; `call`: checkout, purchase,
 * redteam31). Refused before anything is sent; one left `undefined` there (a wrapper's spread)
 * names nothing and is not.
 */
export function misplacedKeyError(
  options: unknown,
  call = 'checkout',
): InvalidRequestError | undefined {
  const name = keyField(options);
  if (name === undefined) return undefined;
  return new InvalidRequestError(
    `\`${name}\` goes with the order, in ${call}'s first argument: in its request options the order is paid without it. Nothing was sent`,
    { field: name },
  );
}

/**
 * A `key`, `journal` or `identity` given to `pay.bag` (its params or request options), which has
 * none: it paid with no key, nothing keeping it from paying twice, the key (or the journal, as
 * JSON) sent to the service in the body (redteam31). Refused before anything is sent.
 */
export function unkeyedPayError(
  params: unknown,
  options: unknown,
): InvalidRequestError | undefined {
  const name = keyField(params) ?? keyField(options);
  if (name === undefined) return undefined;
  return new InvalidRequestError(
    `\`${name}\` is read by no pay.bag call: it pays the bag with no key, nothing keeping a re-run from paying again. For a payment made once per key, use client.purchase({ ..., key, journal }). Nothing was sent`,
    { field: name },
  );
}

/**
 * A keyed money call's `journal` or `identity` given with no `key` (a key read from a field that
 * was not there, `key: order.id` of `undefined`): read by nothing, the order was paid with no key,
 * and a re-run paid again (redteam31). Refused before anything is sent.
 */
export function keylessError(params: unknown): InvalidRequestError | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const { key, journal, identity } = params as Record<string, unknown>;
  if (key !== undefined) return undefined;
  const name = journal !== undefined ? 'journal' : identity !== undefined ? 'identity' : undefined;
  if (name === undefined) return undefined;
  return new InvalidRequestError(
    `\`${name}\` was given with no \`key\`: the order would be paid with no key, a re-run paying again. Give the order's key (the same on every run), or leave \`${name}\` out to pay with none. Nothing was sent`,
    { field: 'key' },
  );
}

/**
 * A `key`, `journal` or `identity` given as a client option (`createClient({ ..., journal })`,
 * `withOptions`) from JavaScript: no client option, read by nothing, so every keyed call of the
 * client recorded its key in memory and a re-run after a restart paid again (redteam31).
 */
export function clientKeyOptionError(options: unknown): InvalidRequestError | undefined {
  const name = keyField(options);
  if (name === undefined) return undefined;
  return new InvalidRequestError(
    `\`${name}\` is no client option: it goes with each keyed call (client.purchase({ ..., key, journal }), client.consumables.checkout({ ..., key, journal })); here it would be read by nothing, keys recorded in memory and paid again after a restart`,
    { field: name },
  );
}
