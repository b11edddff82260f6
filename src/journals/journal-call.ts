import { AbortError } from '../core/errors/abort-error.js';
import { untilAborted, withinMs } from '../core/retry/until-aborted.js';
import { JournalError } from './journal-errors.js';
import type { KeyScope } from '../keys/key-scope.js';

/**
 * One operation of a journal for a keyed call (`KeyedJournal`), as the call waits for it: not
 * started once the call's signal fired (unless `evenIfAborted`: what happened to the money is
 * recorded whatever), waited for at most the call's per-attempt timeout and until its signal, and
 * any failure a {@link JournalError} whose cause hides the call's secrets.
 */
export async function callJournal<T>(
  call: { key: string; scope: KeyScope; signal: AbortSignal | undefined },
  action: string,
  run: () => Promise<T>,
  evenIfAborted = false,
): Promise<T> {
  const { signal, scope } = call;
  if (signal?.aborted && !evenIfAborted) {
    throw new AbortError(undefined, { cause: signal.reason });
  }
  const failed = (error: unknown): unknown => {
    if (error instanceof JournalError || error instanceof AbortError) return error;
    return new JournalError(`The journal could not ${action} the record of key "${call.key}"`, {
      cause: scope.cause(error),
    });
  };
  const started = new Promise<T>((resolve) => resolve(run()));
  const work = withinMs(started, scope.timeoutMs, () =>
    failed(new Error(`no answer within ${scope.timeoutMs} ms`)),
  ).catch((error: unknown) => {
    throw failed(error);
  });
  return signal ? untilAborted(work, signal) : work;
}
