import { redactCause } from './foreign-cause.js';
import { redact } from './redact.js';
import { SeatpayError } from '../errors/seatpay-error.js';

/**
 * Hides `secrets` in an error that is already built: its message, stack and every own field
 * (`body`, `lastListing`, `payment` ...), down its chain of SeatpayError causes. For helpers that
 * carry what the service answered across several calls (a listing polled after the card went
 * out, a purchase's payment): the request path redacts each answer with the secrets of its own
 * call, this adds those the client sent before. Fields that are neither text nor plain data (a
 * `Response`) are left as they are; a foreign cause (what the caller's own code threw) is kept
 * when it quotes no secret, else replaced by its redacted copy.
 */
export function scrubError<E>(error: E, secrets: readonly string[], depth = 0): E {
  if (!(error instanceof SeatpayError) || secrets.length === 0) return error;
  for (const key of Object.getOwnPropertyNames(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (!descriptor || !('value' in descriptor) || !descriptor.writable) continue;
    const value: unknown = descriptor.value;
    let scrubbed: unknown = value;
    if (key === 'cause') {
      scrubbed =
        value instanceof SeatpayError
          ? depth < 5
            ? scrubError(value, secrets, depth + 1)
            : value
          : foreignCause(value, secrets);
    } else if (typeof value === 'string' || Array.isArray(value) || isPlainData(value)) {
      scrubbed = redact(value, secrets);
    }
    if (scrubbed !== value) Object.defineProperty(error, key, { ...descriptor, value: scrubbed });
  }
  return error;
}

function isPlainData(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function foreignCause(cause: unknown, secrets: readonly string[]): unknown {
  return cause === undefined ? cause : redactCause(cause, secrets);
}
