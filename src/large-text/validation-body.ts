import type { ResponseValidationError } from '../core/errors/validation-errors.js';
import type { Secrets } from '../core/secrets/secrets.js';
import { untilAborted } from '../core/retry/until-aborted.js';
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
  caller?: { signal: AbortSignal; abort: () => unknown },
): ResponseValidationError {
  // The wait for the slices' code ends with the call's (then one go), as an error's body's does.
  const wait = { signal: call.options?.signal, ms: call.timeoutMs };
  const set = (body: unknown) => void ((failure as { body: unknown }).body = body);
  if (!isLarge(value)) set(secrets.redact(value));
  else {
    const redacted = secrets.redactLater(value, false, wait).then(set, () => undefined);
    // The caller's signal ends the wait, as it ends the slices of the validation before it.
    pending.set(failure, caller ? untilAborted(redacted, caller.signal, caller.abort) : redacted);
  }
  return failure;
}

/** Rethrows `error` of a call, once its body is redacted when {@link withBody} is at it. */
export function bodySettled(error: unknown): Promise<never> {
  const wait = typeof error === 'object' && error !== null ? pending.get(error) : undefined;
  if (wait === undefined) throw error;
  return wait.then(() => Promise.reject(error));
}
