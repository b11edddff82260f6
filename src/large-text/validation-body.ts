import type { ResponseValidationError } from '../core/errors/validation-errors.js';
import type { Secrets } from '../core/secrets/secrets.js';
import { isLarge } from './large-value.js';

/** The errors whose `body` is still being redacted in slices, and the wait for it. */
const pending = new WeakMap<object, Promise<void>>();

/**
 * `failure` with `value`, the answer that did not match, as its `body`, redacted: in one go when
 * small, else in slices (`redactLater`), the event loop let go between them (a 5 MB answer whose
 * every row was wrong held it 315-433 ms, most of it that redaction). Until then `body` is unset:
 * the call's promise rejects with it only once it is there ({@link bodySettled}).
 */
export function withBody(
  failure: ResponseValidationError,
  value: unknown,
  secrets: Secrets,
  call: { options?: { signal?: AbortSignal }; timeoutMs?: number },
): ResponseValidationError {
  // The wait for the slices' code ends with the call's (then one go), as an error's body's does.
  const wait = { signal: call.options?.signal, ms: call.timeoutMs };
  const set = (body: unknown) => void ((failure as { body: unknown }).body = body);
  if (!isLarge(value)) set(secrets.redact(value));
  else
    pending.set(
      failure,
      secrets.redactLater(value, false, wait).then(set, () => undefined),
    );
  return failure;
}

/** Rethrows `error` of a call, once its body is redacted when {@link withBody} is at it. */
export function bodySettled(error: unknown): Promise<never> {
  const wait = typeof error === 'object' && error !== null ? pending.get(error) : undefined;
  if (wait === undefined) throw error;
  return wait.then(() => Promise.reject(error));
}
