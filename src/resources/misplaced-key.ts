import { InvalidRequestError } from '../core/errors/validation-errors.js';
import { isSignal } from '../signal-like.js';

/**
 * A money call's refusal, its error made by the refusals' chunk (money-refusals.ts, loaded by
 * money-chunk.ts: a page that never misplaces a key does not ship the texts, size17): the name
 * given, the text that says what to do (`call`'s), and the error's field. createClient's refusal
 * is made here: it is thrown synchronously.
 */
export interface MoneyRefusal {
  name: string;
  /** Which text of money-refusals.ts says what to do. */
  text: RefusalText;
  call: string;
  field: string;
  /** The name a misspelt one most likely meant, or the field one differs from (misspelt-order-field.ts). */
  meant?: string;
}

/** The texts of the money calls' refusals, by name (money-refusals.ts). */
export type RefusalText =
  'withTheOrder' | 'readByNo' | 'requestOption' | 'keyless' | 'third' | 'misspelt' | 'differs';

/** A money call's refusal of `name` (`text`, `call`'s). */
export const refusal = (
  name: string,
  text: RefusalText,
  call: string,
  field = name,
): MoneyRefusal => ({
  name,
  text,
  call,
  field,
});

/** The first of `names` that `given` names (not `undefined`). */
function namedIn(given: unknown, names: readonly string[]): string | undefined {
  if (typeof given !== 'object' || given === null) return undefined;
  return names.find((name) => (given as Record<string, unknown>)[name] !== undefined);
}

/** The first of a keyed call's `key`, `journal`, `identity` that `given` names. */
export const KEY_FIELDS = ['key', 'journal', 'identity'];
const keyField = (given: unknown) => namedIn(given, KEY_FIELDS);

/** The error for `name` given where nothing reads it (`where`: what to do instead). */
const refused = (name: string, where: string, field = name) =>
  new InvalidRequestError(`\`${name}\` ${where}. Nothing was sent`, { field });

/**
 * A keyed call's `key`, `journal` or `identity` given in its request options (the second argument)
 * from JavaScript, where TypeScript would refuse it: read there by nothing, the order would be sent
 * without its key (no journal, no promise never to pay twice), or its key recorded in the client's
 * memory journal rather than the durable one named there (review13a; `call`: checkout, purchase,
 * redteam31). Refused before anything is sent; one left `undefined` there (a wrapper's spread)
 * names nothing and is not.
 */
export function misplacedKeyError(options: unknown, call = 'checkout'): MoneyRefusal | undefined {
  const name = keyField(options);
  return name === undefined ? undefined : refusal(name, 'withTheOrder', call);
}

/**
 * What `given` names, as `client.purchase`'s second argument from JavaScript (`{ timeout: 0 }`):
 * its first field not `undefined` (a wrapper's spread), `signal` for an AbortSignal, or its type's
 * name for a value that is no object (`5000`: `number`, `null`: `object`). Purchase has one
 * argument, so anything named there was read by nothing (fifteenth pass): refused before anything
 * is sent, with the purchase's chunk's `secondArgumentError` (a page that never buys does not ship
 * its message, size16).
 */
export function nameGiven(given: unknown): string | undefined {
  if (given === undefined) return undefined;
  // A signal has no field of its own: `purchase(order, signal)` paid though it was aborted.
  if (isSignal(given)) return 'signal';
  const fields = typeof given === 'object' && given !== null ? given : { [typeof given]: given };
  return Object.keys(fields).find((n) => (fields as Record<string, unknown>)[n] !== undefined);
}

/**
 * A `key`, `journal` or `identity` given to `pay.bag` (its params or request options), which has
 * none: it paid with no key, nothing keeping it from paying twice, the key (or the journal, as
 * JSON) sent to the service in the body (redteam31). `consumables.consume`'s options too: each
 * call used a unit, the key read by nothing (redteam34), as an idempotency key (redteam40).
 * Refused before anything is sent.
 */
export function unkeyedPayError(
  params: unknown,
  options: unknown,
  call = 'pay.bag',
): MoneyRefusal | undefined {
  const name = keyField(params) ?? keyField(options);
  // An idempotency key (an `Idempotency-Key` header) in its options: read by nothing, a re-run of
  // consume used another unit (redteam40).
  const given = name ?? idempotencyIn(options);
  return given === undefined ? undefined : refusal(given, 'readByNo', call, name ?? 'key');
}

/** The request options a money call's order is refused with (they went in its body). */
export const REQUEST_OPTIONS = ['signal', 'timeout', 'totalTimeout', 'maxRetries', 'headers'];

/**
 * The first field of `given` (not `undefined`) whose name says it is an idempotency key, as other
 * services spell one (`idempotencyKey`, `idempotency_key`, `Idempotency-Key`, `X-Idempotency-Key`,
 * `Idempotence-Key`, `idempotentKey`): the service reads none, seatpay's is a money call's `key`, in
 * its first argument (review16a looked for four spellings: a header `X-Idempotency-Key` paid with
 * no key, redteam40; `Idempotence-Key`, a payment service's spelling, paid so, review17a).
 */
const isIdempotencyName = (name: string) => /idempoten/i.test(name);
const idempotencyNamed = (given: unknown) =>
  typeof given === 'object' && given !== null
    ? namedIn(given, Object.keys(given).filter(isIdempotencyName))
    : undefined;

/**
 * An idempotency key in `given`, or as a header in its `headers`
 * (`{ headers: { 'Idempotency-Key': id } }`): the service reads no such header, so the order was
 * paid with no key and a re-run paid again (review16a).
 */
function idempotencyIn(given: unknown): string | undefined {
  const header = idempotencyNamed((given as { headers?: unknown } | null)?.headers);
  return idempotencyNamed(given) ?? (header && `headers: { '${header}' }`);
}

/**
 * A request option given in a money call's order (`checkout({ ...order, timeout: 0 })`, `pay.bag`'s
 * params), or an idempotency key under another name than `key`, in the order or its request
 * options: the order's fields pass through to the service, so the option was sent in the order's
 * body, bounding nothing, and an `idempotencyKey` was read by nothing, the order paid with no key,
 * a re-run paying again (redteam37). Refused before anything is recorded or sent.
 */
export function orderFieldError(
  params: unknown,
  options: unknown,
  call: 'checkout' | 'pay.bag' = 'checkout',
): MoneyRefusal | undefined {
  const option = namedIn(params, REQUEST_OPTIONS);
  if (option !== undefined) return refusal(option, 'requestOption', call);
  const named = idempotencyNamed(params) ?? idempotencyIn(options);
  return named === undefined ? undefined : refusal(named, 'readByNo', call, 'key');
}

/**
 * A keyed money call's `journal` or `identity` given with no `key` (a key read from a field that
 * was not there, `key: order.id` of `undefined`): read by nothing, the order was paid with no key,
 * and a re-run paid again (redteam31). Refused before anything is sent.
 */
export function keylessError(given: unknown): MoneyRefusal | undefined {
  const name = (given as { key?: unknown } | null)?.key === undefined ? keyField(given) : undefined;
  return name === undefined ? undefined : refusal(name, 'keyless', '', 'key');
}

/** What each keyed call's field is to seatpay, and what a config's own field so named may be. */
const CLIENT_FIELDS = {
  key: [
    'belongs to one order (its key is what keeps it from being paid twice)',
    "a proxy's API `key`, say",
    ' (a header for every request goes in `headers`)',
  ],
  journal: [
    'is where keyed calls record their keys (so that a re-run never pays twice): give it with each key',
    "a logger's `journal`, say",
    '',
  ],
  identity: [
    "names who owns a key (the token's, by default; give your user id when tokens rotate): give it with each key",
    "a user's `identity`, say",
    '',
  ],
} as const;

/**
 * A `key`, `journal` or `identity` given as a client option (`createClient({ ..., journal })`,
 * `withOptions`) from JavaScript: no client option, read by nothing, so every keyed call of the
 * client recorded its key in memory and a re-run after a restart paid again (redteam31). The
 * message also reads for a config spread in with a field of its own of that name (loose14b), and
 * speaks of the name given (loose15).
 */
export function clientKeyOptionError(options: unknown): InvalidRequestError | undefined {
  // A signal (or one as the options, `withOptions(signal)`): no client option, it stopped no call,
  // and an aborted one let a checkout pay (review17a).
  if (isSignal(options) || namedIn(options, ['signal']))
    return refused(
      'signal',
      "is no client option (it stops no call): give it in each call's options",
    );
  const name = keyField(options);
  const idempotency = name === undefined ? idempotencyIn(options) : undefined;
  // Read by nothing, every plain money call of the client paid with no key (redteam37).
  if (idempotency !== undefined)
    return refused(
      idempotency,
      "is no client option: a money call made once takes its order's `key` in its first argument (`client.consumables.checkout({ ...order, key })`, `client.purchase({ ...order, key })`)",
      'key',
    );
  if (name === undefined) return undefined;
  const [what, theirs, hint] = CLIENT_FIELDS[name as keyof typeof CLIENT_FIELDS];
  return refused(
    name,
    `is a field no client takes: to seatpay, \`${name}\` ${what}, in the first argument of each keyed call (\`client.purchase({ ...order, key, journal })\`, \`client.consumables.checkout(...)\`). A config's own field of that name (${theirs}) is no client option either: leave it out of createClient's options${hint}`,
  );
}

/**
 * Whether `name` is a field a checkout's order is refused with now (a request option, an
 * idempotency key) that a record written before (redteam37) may hold in its params: the order
 * re-run without it, as the refusal says, is the same order (review16a; it was "use a new key").
 */
export const refusedOrderField = (name: string): boolean =>
  REQUEST_OPTIONS.includes(name) || isIdempotencyName(name);

/**
 * What a money call's argument after its options names (`checkout(order, {}, signal)`): read by
 * nothing, an aborted signal there stopped no charge (review19a). Refused, nothing sent.
 */
export function thirdArgumentError(third: unknown, call: string): MoneyRefusal | undefined {
  const name = nameGiven(third);
  return name === undefined ? undefined : refusal(name, 'third', call);
}
