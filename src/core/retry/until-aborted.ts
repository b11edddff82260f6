import { AbortError } from '../errors/abort-error.js';

/**
 * Settles as `work` does, or rejects with {@link AbortError} the moment `signal` fires: every wait
 * a call makes on code that is not seatpay's (a journal, a token provider, a resume store, an
 * earlier run of the same key) ends with the call's signal, whether or not that code honours it.
 */
export function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  failure: (signal: AbortSignal) => unknown = (fired) =>
    new AbortError(undefined, { cause: fired.reason }),
): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(failure(signal));
    // Handled first, whatever happens next: work given up on that rejects later (a fetch handed a
    // signal that had already fired) must never be an unhandled rejection in the user's process.
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    // The work itself may have fired it (synchronously, while starting): no event comes then.
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settles as `work` does, or rejects with `late()` after `ms` (code that never answers). */
export function withinMs<T>(work: Promise<T>, ms: number, late: () => unknown): Promise<T> {
  if (!(ms > 0 && ms < 2 ** 31)) return work;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), ms);
    // Cleared as it settles, without `finally` (two promises more per journal operation).
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}
