/**
 * The static property that names a seatpay error class the same way in every copy of the
 * package: an app can load both the ESM and the CommonJS build (one dependency imports, another
 * requires), and each copy has its own classes. A plain string key, not a symbol: a class whose
 * static key is computed can no longer be left out of a bundle that does not use it.
 */
const ERROR_CLASS = 'seatpayErrorClass';

/** Prototype levels looked at: seatpay's deepest class is 4 below Error; a Proxy could go on. */
const MAX_DEPTH = 32;

type Branded = { readonly [ERROR_CLASS]?: unknown };

/**
 * `instanceof` for seatpay's error classes: the plain check, or `value` was built by a class of
 * the same name in another copy of seatpay. A user's subclass (no brand of its own) gets the
 * plain check only. Never throws, whatever `value` is (a Proxy included).
 */
export function isSeatpayInstance(receiver: unknown, value: unknown): boolean {
  if (typeof receiver !== 'function') return false;
  try {
    if (Function.prototype[Symbol.hasInstance].call(receiver, value)) return true;
    return Object.hasOwn(receiver, ERROR_CLASS) && madeBySameName(receiver as Branded, value);
  } catch {
    // A Proxy whose traps throw is no seatpay error: a `catch` block checking it must not throw.
    return false;
  }
}

function madeBySameName(receiver: Branded, value: unknown): boolean {
  let prototype = typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : null;
  for (let depth = 0; prototype && depth < MAX_DEPTH; depth += 1) {
    const maker: unknown = Object.hasOwn(prototype, 'constructor') ? prototype.constructor : null;
    if (typeof maker === 'function' && Object.hasOwn(maker, ERROR_CLASS)) {
      if ((maker as Branded)[ERROR_CLASS] === receiver[ERROR_CLASS]) return true;
    }
    prototype = Object.getPrototypeOf(prototype);
  }
  return false;
}
