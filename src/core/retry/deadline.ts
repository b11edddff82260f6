/**
 * The end of a call's `totalTimeout`, as a signal: it fires with a `TimeoutError` DOMException
 * (what `AbortSignal.timeout` fires with) when the time is up, or with the caller's own reason
 * when the caller's signal fires first. A timer of the global `setTimeout`, so that a fake clock
 * drives it in tests.
 */
export interface Deadline {
  /** Fires at the deadline, or with the caller's signal. */
  readonly signal: AbortSignal | undefined;
  /** Stops the timer and the listener once the call settled. */
  clear(): void;
}

/** A deadline `ms` from now joined with `signal`; only `signal` when there is no `ms`. */
export function startDeadline(
  ms: number | undefined,
  signal: AbortSignal | undefined,
  what: string,
): Deadline {
  if (ms === undefined || ms === Infinity) return { signal, clear: () => undefined };
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException(`${what} ran out of its ${ms} ms`, 'TimeoutError')),
    ms,
  );
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/**
 * Whether `reason` (a signal's) says a deadline passed: a `totalTimeout`, or the caller's own
 * `AbortSignal.timeout(...)`, both of which fire a DOMException named `TimeoutError`.
 */
export function isDeadlineReason(reason: unknown): reason is Error {
  return (
    typeof reason === 'object' &&
    reason !== null &&
    (reason as { name?: unknown }).name === 'TimeoutError' &&
    typeof (reason as { message?: unknown }).message === 'string'
  );
}
