import pRetry from 'p-retry';
import type { PreparedCall } from '../call.js';
import { AbortError, SeatpayError } from '../errors/index.js';
import type { Secrets } from '../secrets/secrets.js';
import type { Log } from '../setup/logger.js';
import { retryDelay, type RetrySettings } from './retry-policy.js';
import { sleep } from './sleep.js';

/** What the retry loop needs of its client. */
export interface RetrySetup {
  settings: RetrySettings;
  /** The client's `maxRetries`. */
  maxRetries: number;
  log: Log;
  secrets: Secrets;
}

/**
 * Runs `attempt` until it succeeds or the retry policy gives up: at most maxRetries + 1 attempts,
 * p-retry the one loop. Whatever escapes is a {@link SeatpayError}.
 */
export function withRetries<T, A>(
  call: PreparedCall<T>,
  setup: RetrySetup,
  attempt: (attemptNumber: number) => Promise<A>,
): Promise<A> {
  // The first attempt goes alone, its promise handed back as it is: entering p-retry (or one more
  // async step) costs on every call (BENCHMARKS.md, "Per-call cost"), and most calls succeed at once.
  return attempt(1).catch((first: unknown) => retryAfter(first, call, setup, attempt));
}

/** Attempts 2 to maxRetries + 1, once the first failed with `first`. */
async function retryAfter<T, A>(
  first: unknown,
  call: PreparedCall<T>,
  setup: RetrySetup,
  attempt: (attemptNumber: number) => Promise<A>,
): Promise<A> {
  const { options } = call;
  const maxRetries = Math.floor(options.maxRetries ?? setup.maxRetries);
  if (maxRetries < 1 || !(await waitBeforeRetry(call, first, 1, setup))) throw first;
  try {
    // p-retry 9 has no per-attempt delay, and Retry-After must replace the backoff: the wait is
    // retryDelay's, taken in shouldRetry (minTimeout 0).
    return await pRetry((n) => attempt(n + 1), {
      retries: maxRetries - 1,
      minTimeout: 0,
      // No `signal` for p-retry: it would throw away an answer that came just before the
      // signal fired. Each attempt and each wait is abortable on its own.
      shouldRetry: ({ error, attemptNumber }) =>
        waitBeforeRetry(call, error, attemptNumber + 1, setup),
    });
  } catch (error) {
    if (error instanceof SeatpayError) throw error;
    const cause = setup.secrets.cause(error);
    if (options.signal?.aborted) throw new AbortError(undefined, { cause });
    // Nothing foreign leaves a call (p-retry's own TypeError for a thrown non-Error, say).
    throw new SeatpayError(`${call.route.method} ${call.url} failed unexpectedly`, { cause });
  }
}

/** Whether to send `call` again after `error`: waits the policy's delay first when it says yes. */
async function waitBeforeRetry(
  { route, options }: PreparedCall<unknown>,
  error: unknown,
  retry: number,
  setup: RetrySetup,
): Promise<boolean> {
  const delay = retryDelay(route, error, retry, setup.settings);
  if (delay === undefined) return false;
  options.onRetry?.({ error, retry, delayMs: delay });
  setup.log.warn(
    `${route.method} ${route.path} failed (${(error as Error).message}); retry ${retry} in ${delay} ms`,
  );
  await sleep(delay, options.signal);
  return true;
}
