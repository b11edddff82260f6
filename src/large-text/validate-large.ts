import type { PreparedCall } from '../core/call.js';
import { AbortError } from '../core/errors/abort-error.js';
import { TimeoutError } from '../core/errors/connection-error.js';
import { ResponseValidationError, type ValidationIssue } from '../core/errors/validation-errors.js';
import { toIssues } from '../core/prepare/validate-input.js';
import type { Secrets } from '../core/secrets/secrets.js';
import type { Log } from '../core/setup/logger.js';
import type { ValidationMode } from '../core/setup/options.js';
import { plainCheckOf } from '../core/validate/plain-check.js';
import { deadlineMessage } from '../timeout-reason.js';
import { SLICE } from './large-value.js';
import { loadSlices } from './redact-large.js';
import { withBody } from './validation-body.js';

/** rechecked-answers.ts' mark, named, not imported: the import put the seat schemas on every bundle. */
const RECHECKED = Symbol.for('seatpay.rechecked-answer');

/** How a client checks every result (made once per client), and what it must not leak. */
export interface ResultSetup {
  validation: ValidationMode;
  secrets: Secrets;
  log: Log;
  quoteStart?: (text: string, secrets: Secrets, length: number) => string; // Node's (platform.ts)
}

/**
 * `value`, a parsed 2xx body, validated in one go. Most listings are valid: a plain check answers
 * for them without zod copying each object; only a failing one pays for zod's issues.
 */
export function validateInOneGo<T>(value: unknown, check: PreparedCall<T>, setup: ResultSetup): T {
  const schema = check.response as Exclude<typeof check.response, 'empty'>;
  if (plainCheckOf(schema)?.(value)) return value as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data as T;
  // Issues quote the service (seat errors' messages, record keys): they may echo a secret.
  return failed(
    value,
    setup.secrets.redact(toIssues(result.error.issues, { input: value })),
    check,
    setup,
  );
}

/**
 * `value`, the parse of a body of `size` characters (a slice or more), validated as
 * {@link validateInOneGo} does, with the same data, issues and error, but a list's rows a slice at
 * a time, the event loop let go between slices: zod's one parse of a 5 MB listing of 14,000 rows
 * held it 123-239 ms, and the issues of every row wrong 40-90 more (BENCHMARKS.md, "Tenth pass:
 * holds"). The rows' code (validate-in-slices.ts) comes with the slices' chunk, loaded now; a body
 * it cannot slice (not a list, a union of shapes), or a chunk that does not load, is validated in
 * one go. The call's signal, once fired (during the load or between slices), rejects with
 * {@link AbortError}, as it would have before the answer came.
 */
export function validateLater<T>(
  value: unknown,
  check: PreparedCall<T>,
  setup: ResultSetup,
  size: number,
): Promise<T> {
  const schema = check.response as Exclude<typeof check.response, 'empty'>;
  const redact = (issues: ValidationIssue[]) => setup.secrets.redact(issues);
  const signal = callerSignalOf(check);
  const halt = () => {
    if (signal?.aborted) throw abortOf(signal, check, setup);
  };
  return loadSlices({ signal, ms: check.timeoutMs })
    .then(
      ({ validateInSlices }) =>
        validateInSlices(value, schema, size, { SLICE, plainCheckOf, toIssues, redact, halt }),
      () => halt(),
    )
    .then((result) => {
      if (result === undefined) return validateInOneGo(value, check, setup);
      return result.success ? (result.data as T) : failed(value, result.issues, check, setup);
    });
}

/** The validation error of `value` (its issues redacted): thrown, or logged with `value` returned. */
function failed<T>(
  value: unknown,
  issues: ValidationIssue[],
  check: PreparedCall<T>,
  setup: ResultSetup,
): T {
  const { method, url, response } = check;
  // Its body only for a thrown one, redacted in slices when large: a warning logs the message.
  // It advises `validate: 'warn'` only where that returns the answer (not a seat change's).
  const warnable = typeof response === 'object' && !(RECHECKED in response);
  const failure = new ResponseValidationError({ issues, body: undefined, method, url }, warnable);
  const signal = callerSignalOf(check);
  const caller = signal && { signal, abort: () => abortOf(signal, check, setup) };
  if (setup.validation === 'error') throw withBody(failure, value, setup.secrets, check, caller);
  setup.log.warn(failure.message);
  return value as T;
}

/**
 * The call's abort, its answer read: a money call's was processed (as send.ts's failureOf says).
 * The caller's own `AbortSignal.timeout(...)` is a `TimeoutError`, as it is during the request.
 */
function abortOf(signal: AbortSignal, check: PreparedCall<unknown>, setup: ResultSetup) {
  const cause = setup.secrets.cause(signal.reason);
  const mayHaveBeenProcessed = check.route?.replay === 'unprocessed-only';
  if (deadlineMessage(signal.reason) === undefined) {
    return new AbortError(undefined, { cause, mayHaveBeenProcessed });
  }
  const { method, url } = check;
  // A money call that answered was carried out: calling again would do it twice.
  const advice = mayHaveBeenProcessed
    ? 'it was carried out: check its outcome, do not call again'
    : 'call again with more time';
  const message = `${method} ${url} answered, but the caller's signal timed out while its answer was validated (${advice})`;
  return new TimeoutError(message, { mayHaveBeenProcessed, method, url, cause });
}

/**
 * The caller's own signal: a deadline's (`totalTimeout`), which stands in for it during the
 * request, no longer follows the call once its answer was read. Under a deadline `callerSignal` is
 * set, to undefined when the caller gave none: the deadline's signal is not theirs then either.
 */
function callerSignalOf(check: PreparedCall<unknown>): AbortSignal | undefined {
  const { options } = check;
  return options && 'callerSignal' in options ? options.callerSignal : options?.signal;
}
