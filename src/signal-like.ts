import { InvalidRequestError } from './core/errors/validation-errors.js';

// "Is this an AbortSignal?", asked once for every call, helper and client option (signals19): core
// (request options, a lazy part's wait), the money calls, waitFor and upload each asked it their
// own way, and disagreed. Outside src/core, as timeout-reason.ts, so that the parts reach it too.

/**
 * Whether `given` is an AbortSignal, this realm's or another's (an iframe's, a `node:vm`
 * context's) or a polyfill's: `instanceof` misses those, and one given as the options was read
 * as options naming nothing, its abort stopping nothing (redteam43). Every signal listens
 * (`addEventListener`): options' own field `aborted` makes no signal (review18a, signals19).
 */
export const isSignal = (given: unknown): boolean =>
  'aborted' in Object(given) && 'addEventListener' in Object(given);

/** The refusal of a signal given where the options go (`example`: where it goes instead). */
export const signalAsOptionsError = (example: string): InvalidRequestError =>
  new InvalidRequestError(
    `Invalid options: must be an object (a signal goes in it: \`${example}\`)`,
    {
      field: 'options',
    },
  );

/**
 * Whether seatpay can follow `signal`: it says whether it fired and takes listeners. Another
 * realm's signal or a polyfill's is one (seatpay follows it with one of its own realm, which fetch
 * and `AbortSignal.any` take: core's startDeadline); one whose `aborted` throws (a browser's
 * signal behind a Proxy), whose `reason` throws or whose listeners throw is not. Never throws.
 */
export function isFollowable(signal: unknown): signal is AbortSignal {
  try {
    const { aborted, addEventListener, removeEventListener } = Object(signal) as AbortSignal;
    if (typeof aborted !== 'boolean' || typeof removeEventListener !== 'function') return false;
    void (signal as AbortSignal).reason; // one whose `reason` throws is none: read as it fires
    if (signal instanceof AbortSignal) return true; // read: a Proxy of one passes `instanceof`
    // One whose listeners throw is none: following it threw its raw error, secrets unhidden, from
    // every call (review19a). Tried here, before anything is sent, and taken back at once.
    const tried = () => undefined;
    addEventListener.call(signal, 'abort', tried);
    removeEventListener.call(signal, 'abort', tried);
    return true;
  } catch {
    return false;
  }
}

/** Refuses a `signal` option seatpay cannot follow, before anything is sent. */
export function checkSignal(signal: unknown): void {
  if (signal === undefined || isFollowable(signal)) return;
  throw new InvalidRequestError('Invalid signal: must be an AbortSignal', { field: 'signal' });
}

/**
 * A followed signal's reason, read as it fires: a getter that throws only once its signal aborted
 * (a polyfill's) threw inside seatpay's listener, out of the caller's `abort()` (an uncaught
 * exception in Node) and the call went on. Such a signal stops the call with an abort of its own.
 */
export function reasonOf(signal: AbortSignal | undefined): unknown {
  try {
    return signal?.reason;
  } catch {
    return new DOMException("The operation was aborted (its signal's reason threw)", 'AbortError');
  }
}
