/**
 * The base of every error seatpay throws. `toJSON` lists only the error's own safe fields, so
 * `JSON.stringify(error)` is useful in logs and never carries a secret (they are redacted before
 * any error is built).
 */
export class SeatpayError extends Error {
  override name = 'SeatpayError';

  toJSON(): Record<string, unknown> {
    const fields: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [key, value] of Object.entries(this)) {
      if (key !== 'name' && key !== 'stack') fields[key] = value;
    }
    return fields;
  }
}
