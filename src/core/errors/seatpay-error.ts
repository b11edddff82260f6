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
 */
export class SeatpayError extends Error {
  /**
   * The class name (`'APIError'`, `'TimeoutError'` ...), set as a string so it survives bundlers
   * that rename classes.
   */
  override name = 'SeatpayError';

  /**
   * What `JSON.stringify(error)` writes: `name`, `message` and the error's own fields (`status`,
   * `field`, `mayHaveBeenProcessed` ...), without the stack.
   *
   * @example
   * ```ts
   * try {
   *   await client.plans.get('no-such-plan');
   * } catch (error) {
   *   if (!(error instanceof SeatpayError)) throw error;
   *   console.log(error.toJSON()); // { name: 'NotFoundError', status: 404 ... }
   * }
   * ```
   */
  toJSON(): Record<string, unknown> {
    const fields: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name' && key !== 'stack') fields[key] = value;
    }
    return fields;
  }
}
