import { isSeatpayInstance } from './error-brand.js';
import { safeCause } from '../secrets/foreign-cause.js';
import { printableError } from './printable.js';

/**
 * The base of every error seatpay throws. `toJSON` lists only the error's own safe fields, so
 * `JSON.stringify(error)` is useful in logs and never carries a secret (they are redacted before
 * any error is built).
 *
 * Catch it to tell seatpay's failures from your own; its subclasses say what went wrong.
 *
 * @example
 * ```ts
 * import { SeatpayError } from 'seatpay';
 *
 * try {
 *   await client.plans.get('team-per-seat');
 * } catch (error) {
 *   if (!(error instanceof SeatpayError)) throw error;
 *   console.error(error.name, JSON.stringify(error)); // safe to log: no token, card number or CVC
 * }
 * ```
 * @category Errors
 */
export class SeatpayError extends Error {
  /**
   * The class's name in every copy of seatpay (ESM and CommonJS builds); each subclass declares
   * its own (test/ecosystem/errors-across-builds checks every exported one). @internal
   */
  static readonly seatpayErrorClass: string = 'SeatpayError';

  /**
   * The class name (`'APIError'`, `'TimeoutError'` ...), set as a string so it survives bundlers
   * that rename classes: the class's own `seatpayErrorClass` (written once per class, not twice).
   */
  override name = (this.constructor as typeof SeatpayError).seatpayErrorClass;

  /**
   * Whether the service may have acted on the request anyway (charged, added a seat ...): false
   * wherever nothing can have reached it (arguments refused before sending, a 4xx refusal), true
   * for a lost answer, a 5xx, an abort after a money call was sent. Declared here so a catch-all
   * handler reads it without a cast; each error that can be true sets its own.
   */
  declare readonly mayHaveBeenProcessed: boolean;

  /**
   * Also true for an error thrown by another copy of seatpay (the ESM build when this is the
   * CommonJS one, or the reverse). @internal
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return isSeatpayInstance(this, value);
  }

  /**
   * @param message - What went wrong, secrets already redacted.
   * @param options - `cause`: what led to it. A value that cannot be read safely (a Proxy, getters
   *   that throw, a symbol) is kept as a safe copy, so printing the error never throws.
   */
  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options && 'cause' in options ? { cause: safeCause(options.cause) } : undefined);
  }

  /**
   * What `JSON.stringify(error)` writes: `name`, `message`, the error's own fields (`status`,
   * `body`, `mayHaveBeenProcessed` ...) and its `cause`, without the stack. Secrets were redacted
   * before the error was built; on top of that, keys that name a secret (`authorization`,
   * `card_number`, `cvc`) are masked, and whatever the answer held is cut to a bounded size
   * (8 levels, 50 items, 2,000 characters), so this never throws nor runs away on a deeply nested,
   * cyclic or hostile value.
   *
   * @example
   * ```ts
   * try {
   *   await client.plans.get('no-such-plan');
   * } catch (error) {
   *   if (!(error instanceof SeatpayError)) throw error;
   *   console.log(error.toJSON()); // { name: 'NotFoundError', message: '404 Not found. ...', status: 404 ... }
   * }
   * ```
   */
  toJSON(): Record<string, unknown> {
    return printableError(this) as Record<string, unknown>;
  }

  /**
   * What Node's `util.inspect` (and so `console.log`) prints: the name, message and stack frames,
   * then the same bounded, redacted fields as {@link SeatpayError.toJSON}. Keyed by the global
   * symbol Node looks for, so the main entry imports nothing from Node.
   *
   * @example
   * ```ts
   * try {
   *   await client.plans.get('no-such-plan');
   * } catch (error) {
   *   console.log(error); // NotFoundError: 404 Not found. (GET /v1/payments/plan/no-such-plan) ... { status: 404 ... }
   * }
   * ```
   */
  [Symbol.for('nodejs.util.inspect.custom')](
    _depth?: number,
    options?: object,
    inspect?: (value: unknown, options?: object) => string,
  ): string {
    const { name, message, ...fields } = this.toJSON();
    const stack = typeof this.stack === 'string' ? this.stack : '';
    const frames = stack.indexOf('\n    at ');
    const head = `${String(name)}: ${String(message)}${frames === -1 ? '' : stack.slice(frames)}`;
    if (Object.keys(fields).length === 0) return head;
    return `${head} ${inspect ? inspect(fields, options) : JSON.stringify(fields)}`;
  }
}

// On the prototype, not an own field: an error that is never true keeps its printed fields as
// they were, and a subclass's own field (set in its constructor) takes over.
Object.defineProperty(SeatpayError.prototype, 'mayHaveBeenProcessed', {
  value: false,
  writable: true,
  configurable: true,
});
