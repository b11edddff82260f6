import { reasonOf } from '../../signal-like.js';
import { deadlineMessage } from '../../timeout-reason.js';
import { TimeoutError } from '../errors/connection-error.js';
import type { Secrets } from '../secrets/secrets.js';

export { deadlineMessage }; // its own file: caller-timeout.ts reads it without this file's imports

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

/** A deadline `ms` from now (passed already at 0) joined with `signal`; only `signal` with no `ms`. */
export function startDeadline(
  ms: number | undefined,
  signal: AbortSignal | undefined,
  what: string,
): Deadline {
  const endless = ms === undefined || ms === Infinity;
  // Another realm's or a polyfill's signal is followed: fetch, ky's AbortSignal.any refuse it.
  if (endless && (signal === undefined || signal instanceof AbortSignal))
    return { signal, clear: () => undefined };
  const controller = new AbortController();
  const follow = () => controller.abort(reasonOf(signal));
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const end = () =>
    controller.abort(new DOMException(`${what} ran out of its ${ms} ms`, 'TimeoutError'));
  if (!endless && ms <= 0) end(); // 0 ms: no time at all, nothing sent (as `timeout: 0`)
  const timer = endless ? undefined : setTimeout(end, ms);
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/** What a timed-out call names: its method and URL. */
export interface DeadlineCall {
  method: string;
  url: string;
}

/** The options a call runs with under its deadline (internal request options). */
export interface DeadlineOptions {
  /** Fires at the deadline or with the caller's signal. */
  signal?: AbortSignal | undefined;
  /** Wraps each send: whether one is in flight when the deadline passes. */
  sending: <A>(send: () => Promise<A>) => Promise<A>;
  /** Sees each failure that is retried: whether an earlier attempt may have been processed. */
  onRetry: (retry: { error: unknown; retry: number; delayMs: number }) => void;
}

/**
 * Runs a call under its `totalTimeout` (`ms`, or none) and the caller's `signal`: `run` gets the
 * options to run with. A deadline that passed (the total one, or the caller's
 * `AbortSignal.timeout`) rejects with {@link TimeoutError}, never a bare abort;
 * `mayHaveBeenProcessed` is true when an attempt was in flight, or an earlier one may have been
 * processed.
 */
export async function withinDeadline<T>(
  ms: number | undefined,
  given: { signal?: AbortSignal | undefined; onRetry?: DeadlineOptions['onRetry'] | undefined },
  call: DeadlineCall,
  run: (options: DeadlineOptions) => Promise<T>,
  secrets?: Pick<Secrets, 'text' | 'cause'>,
): Promise<T> {
  const deadline = startDeadline(ms, given.signal, `${call.method} ${call.url} (totalTimeout)`);
  let [inFlight, processed, sent] = [false, false, false]; // sent: any attempt, ever
  // The send's own failure clears `inFlight` before it reaches us: what counts is the moment.
  const atDeadline = () => void (processed ||= inFlight);
  deadline.signal?.addEventListener('abort', atDeadline, { once: true });
  const options: DeadlineOptions = {
    signal: deadline.signal,
    sending: async (send) => {
      if (deadlineMessage(deadline.signal?.reason) !== undefined) throw deadline.signal?.reason;
      inFlight = sent = true; // never once the deadline passed (`totalTimeout: 0`): nothing is sent
      try {
        return await send();
      } finally {
        inFlight = false;
      }
    },
    onRetry: (retry) => {
      processed ||= processedOf(retry.error);
      given.onRetry?.(retry);
    },
  };
  try {
    return await run(options);
  } catch (error) {
    const reason: unknown = deadline.signal?.reason;
    const passed = deadline.signal?.aborted ? deadlineMessage(reason) : undefined;
    if (passed === undefined || error instanceof TimeoutError) throw error;
    const theirs = given.signal?.aborted === true && given.signal.reason === reason;
    // The caller's reason is foreign text: it may quote a secret (it is scrubbed as a cause is).
    const when = theirs
      ? `before the caller's signal timed out (${secrets ? secrets.text(passed) : passed})`
      : `within its totalTimeout of ${ms} ms`;
    const what = sent ? 'No answer from' : 'Nothing was sent to'; // `totalTimeout: 0`: no attempt
    throw new TimeoutError(`${what} ${call.method} ${call.url} ${when}`, {
      mayHaveBeenProcessed: processed || processedOf(error),
      method: call.method,
      url: call.url,
      cause: secrets ? secrets.cause(reason) : reason,
    });
  } finally {
    deadline.signal?.removeEventListener('abort', atDeadline);
    deadline.clear();
  }
}

const processedOf = (error: unknown): boolean =>
  (error as { mayHaveBeenProcessed?: unknown } | null)?.mayHaveBeenProcessed === true;
