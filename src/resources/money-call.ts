import { APIPromise } from '../core/api-promise.js';
import type { SeatpayError } from '../core/errors/seatpay-error.js';
import type { RequestOptions } from '../core/setup/options.js';
import { isSignal } from '../signal-like.js';
import {
  KEY_FIELDS,
  REQUEST_OPTIONS,
  thirdArgumentError,
  type MoneyRefusal,
} from './misplaced-key.js';
import { ORDER_FIELDS } from './misspelt-order-field.js';
import { refusedLater, unreadableLater } from './money-chunk.js';

/**
 * `given` as the call reads it, once: an object's fields (own and inherited) copied into a plain
 * object (a getter runs once, a Proxy's keys are asked once), anything else (a value the call's checks refuse as
 * it is: `null`, an array, an AbortSignal as the options) as it is. The checks, the key and the
 * request read the copy: a getter that threw or read otherwise on a later read let a check see
 * one order and the service get another, or escaped raw from the keyed checkout's chunk.
 */
function readOnce(given: unknown): unknown {
  return readAsFields(given) ? withNamed(given, withInherited(given, { ...given })) : given;
}

/** Every name a money call reads in its order or options (its checks', its body's). */
const READ_NAMES = [...REQUEST_OPTIONS, ...KEY_FIELDS, 'options', ...ORDER_FIELDS];

/**
 * `copy` with each name the call reads that it lacks, read through `given` as a plain call reads
 * its options (`options.signal`): a Proxy whose keys name none of its fields (a lazy config's
 * `get` trap over an empty target) lost its `signal` in the copy, and an aborted checkout paid
 * where `plans.get` stopped (redteam52). Each read once; one `undefined` adds nothing.
 */
function withNamed(given: object, copy: Record<string, unknown>): object {
  // Indexed: no iterator per call (issue 37, the plain path's cost).
  for (let i = 0; i < READ_NAMES.length; i++) {
    const name = READ_NAMES[i]!;
    if (Object.hasOwn(copy, name)) continue;
    const value = (given as Record<string, unknown>)[name];
    if (value !== undefined) copy[name] = value;
  }
  return copy;
}

/**
 * `copy` (`given`'s own fields) with the fields `given` inherits: a class's getters and
 * `Object.create(defaults)`'s fields, each read once through `given`. Copied own fields only, an
 * options object's inherited `signal` was dropped (an aborted checkout paid) and an order's `key`
 * (paid with no key): a plain call reads them, as the order's check did before (review20a).
 * Methods (not enumerable, no getter) are no fields.
 */
function withInherited(given: object, copy: Record<string, unknown>): Record<string, unknown> {
  // Short of the chain's root, any realm's: an iframe's `Object.prototype` that a polyfill gave an
  // enumerable field had every money call refused and that field sent in the order (redteam52),
  // as the request options' check already stops there. A root's fields the call reads come by name.
  let at = Object.getPrototypeOf(given) as object | null;
  // A literal's (or a null-prototype object's) chain holds nothing short of its root: the copy as
  // it is, no set of its keys made (issue 37: every plain and keyed money call).
  if (!at || !Object.getPrototypeOf(at)) return copy;
  const seen = new Set(Object.keys(copy)); // a Proxy's keys asked once
  do {
    for (const [name, field] of Object.entries(Object.getOwnPropertyDescriptors(at))) {
      if (!seen.has(name) && (field.get || field.enumerable))
        copy[name] = (given as Record<string, unknown>)[name];
      seen.add(name);
    }
    at = Object.getPrototypeOf(at) as object | null;
  } while (at && Object.getPrototypeOf(at));
  return copy;
}

/** Whether a money call reads `given` as its own fields, into a plain copy (`readOnce`). */
export const readAsFields = (given: unknown): given is object =>
  typeof given === 'object' && given !== null && !Array.isArray(given) && !isSignal(given);

/**
 * A money method (`checkout`, `pay.bag`, `consume`) on its arguments (`given`: its first, its
 * request options, and a third, from JavaScript), each read once: `run` gets the copies of its first argument and its request
 * options, and returns the call, or the refusal of what it was given. A third argument is read by
 * nothing (an aborted signal there stopped no charge, review19a): refused. Refused too, as bad
 * input, is what reading the arguments threw (a getter, a Proxy). Nothing is sent or recorded
 * before any refusal; every one is a rejected promise, never thrown.
 */
export function moneyCall<T>(
  core: { scrub(error: unknown): SeatpayError },
  call: string,
  given: readonly [first: unknown, options: unknown, third: unknown],
  run: (first: unknown, options: RequestOptions | undefined) => APIPromise<T> | MoneyRefusal,
): APIPromise<T> {
  let options: RequestOptions | undefined;
  try {
    // The options first: their signal bounds the wait for a refusal's words, whatever threw after.
    options = readOnce(given[1]) as RequestOptions | undefined;
    const done = thirdArgumentError(given[2], call) ?? run(readOnce(given[0]), options);
    // The call (a promise: the core's own, or a test's recording one), else its refusal.
    if ('then' in done) return done;
    return new APIPromise(refusedLater(done, options), { raw: false });
  } catch (thrown) {
    return new APIPromise(unreadableLater(core, thrown, options), { raw: false });
  }
}
