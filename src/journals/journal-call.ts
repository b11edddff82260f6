import { AbortError } from '../core/errors/abort-error.js';
import { JournalError } from './journal-errors.js';
import type { KeyScope } from '../keys/key-scope.js';

/**
 * One operation of a journal for a keyed call (`KeyedJournal`), as the call waits for it: not
 * started once the call's signal fired (unless `evenIfAborted`: what happened to the money is
 * recorded whatever), waited for at most the call's per-attempt timeout and until its signal, and
 * any failure a {@link JournalError} whose cause hides the call's secrets. One promise for the
 * three (issue 37: a keyed call made about ten journal operations, each wrapped in four).
 */
export function callJournal<T>(
  call: { key: string; scope: KeyScope; signal: AbortSignal | undefined },
  action: string,
  run: () => Promise<T>,
  evenIfAborted = false,
): Promise<T> {
  const { signal, scope } = call;
  if (signal?.aborted && !evenIfAborted) {
    return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
  }
  const failed = (error: unknown): unknown => {
    if (error instanceof JournalError || error instanceof AbortError) return error;
    return new JournalError(`The journal could not ${action} the record of key "${call.key}"`, {
      cause: scope.cause(error),
    });
  };
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const end = () => {
      ended = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const fail = (error: unknown) => {
      end();
      try {
        reject(failed(error));
      } catch (thrown) {
        reject(thrown); // hiding the cause failed: still a rejection, never a wait for ever
      }
    };
    const onAbort = () => (end(), reject(new AbortError(undefined, { cause: signal?.reason })));
    let work: Promise<T>;
    try {
      work = Promise.resolve(run());
    } catch (error) {
      return fail(error);
    }
    // Handled at once, whatever happens next: work given up on that rejects later is never an
    // unhandled rejection in the user's process.
    work.then((value) => (end(), resolve(value)), fail);
    const ms = scope.timeoutMs;
    if (ms > 0 && ms < 2 ** 31) {
      // Armed after the microtasks queued so far: a journal whose promise was settled already
      // (memoryJournal's) ends before it, and no timer is set and cleared for it (issue 37). No
      // timer can fire before the microtasks run: the wait is as long either way.
      queueMicrotask(() => {
        if (!ended) timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
      });
    }
    if (!signal) return;
    // The work itself may have fired it (synchronously, while starting): no event comes then.
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What `make` answers, as a promise (a promise kept as it is); what it throws, a rejection. */
export function promiseOf<T>(make: () => T | PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(make());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
