import { AbortError } from '../core/errors/abort-error.js';
import { JournalError } from './journal-errors.js';
import type { KeyScope } from '../keys/key-scope.js';
import { answersAtOnce } from './settled-answers.js';

/**
 * One operation of a journal for a keyed call (`KeyedJournal`), as the call waits for it: not
 * started once the call's signal fired (unless `evenIfAborted`: what happened to the money is
 * recorded whatever), waited for at most the call's per-attempt timeout and until its signal, and
 * any failure a {@link JournalError} whose cause hides the call's secrets. One promise for the
 * three (issue 37: a keyed call made about ten journal operations, each wrapped in four).
 * `operation`: the journal's function that `run` calls; one that answers at once
 * (settled-answers.ts) is not raced.
 */
export function callJournal<T>(
  call: { key: string; scope: KeyScope; signal: AbortSignal | undefined },
  action: string,
  run: () => Promise<T>,
  evenIfAborted = false,
  operation?: unknown,
): Promise<T> {
  const { signal, scope } = call;
  if (signal?.aborted && !evenIfAborted) {
    return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
  }
  const failed = (error: unknown): unknown => {
    if (error instanceof JournalError || error instanceof AbortError) return error;
    const advice =
      "fix the journal (what it threw is this error's `cause`) and call again with the key";
    return new JournalError(
      `The journal could not ${action} the record of key "${call.key}": ${advice}`,
      {
        cause: scope.cause(error),
      },
    );
  };
  if (answersAtOnce(operation)) return settledCall(signal, run, failed);
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
      work = answerOf(run());
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

/**
 * {@link callJournal} of an operation whose promise is settled when it is returned
 * (settled-answers.ts): no timer could be armed (none is before the microtasks queued so far), and
 * nothing can fire the signal before its answer is taken but the operation itself, checked here.
 * So no race: its answer, a failure hidden as callJournal hides it (issue 37: a promise, five
 * closures, a microtask and a listener fewer per operation).
 */
function settledCall<T>(
  signal: AbortSignal | undefined,
  run: () => Promise<T>,
  failed: (error: unknown) => unknown,
): Promise<T> {
  const hidden = (error: unknown): unknown => {
    try {
      return failed(error);
    } catch (thrown) {
      return thrown; // hiding the cause failed: still a rejection
    }
  };
  let work: Promise<T>;
  try {
    work = Promise.resolve(run());
  } catch (error) {
    return Promise.reject(hidden(error) as Error);
  }
  if (signal?.aborted) {
    work.catch(() => undefined); // given up on: never an unhandled rejection
    return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
  }
  return work.then(undefined, (error: unknown) => Promise.reject(hidden(error) as Error));
}

/** What `make` answers, as a promise (a promise kept as it is); what it throws, a rejection. */
export function promiseOf<T>(make: () => T | PromiseLike<T>): Promise<T> {
  try {
    return answerOf(make());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * A journal's answer as a promise of the engine's own: a plain native promise as it is (adopting
 * it costs two turns), anything else adopted. A promise given a `then` of its own (a getter that
 * throws, one that never calls back) was called as it is: its throw escaped as a raw `Error` (no
 * `JournalError`, its cause not hidden), its silence as a `TypeError`. Adopted, either is a
 * rejection or a wait the call's timeout and signal end.
 */
function answerOf<T>(answer: T | PromiseLike<T>): Promise<T> {
  const plain =
    answer instanceof Promise &&
    Object.getPrototypeOf(answer) === Promise.prototype &&
    Reflect.ownKeys(answer).length === 0;
  return plain ? answer : adopted(answer);
}

/** The most thenables in a row a journal's answer may be adopted through. */
const MOST_HOPS = 100;

/**
 * `answer` adopted as a promise adopts it (its `then` called in a microtask of its own), counting
 * the thenables it answers with: one that calls back with itself (or another, without end) was
 * adopted a microtask at a time for ever, the process at full CPU, no timer nor signal able to end
 * the call (redteam28). Past {@link MOST_HOPS}, a rejection (a JournalError from callJournal).
 */
function adopted<T>(answer: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let hops = 0;
    const take = (value: unknown): void => {
      let then: unknown;
      try {
        const object = (typeof value === 'object' && value !== null) || typeof value === 'function';
        then = object ? (value as { then?: unknown }).then : undefined;
      } catch (error) {
        return reject(error as Error);
      }
      if (typeof then !== 'function') return resolve(value as T);
      if (++hops > MOST_HOPS) {
        return reject(
          new TypeError(
            `the journal's answer was a thenable that answered with a thenable ${MOST_HOPS} times (itself?): it never settles`,
          ),
        );
      }
      let called = false;
      const once =
        (next: (got: unknown) => void) =>
        (got: unknown): void => {
          if (called) return;
          called = true;
          next(got);
        };
      queueMicrotask(() => {
        try {
          (then as (onFulfilled: unknown, onRejected: unknown) => unknown).call(
            value,
            once(take),
            once(reject),
          );
        } catch (error) {
          once(reject)(error);
        }
      });
    };
    take(answer);
  });
}
