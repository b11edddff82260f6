import {
  AbortError,
  APIError,
  InvalidRequestError,
  KeyInProgressError,
  PurchaseError,
  SeatpayError,
} from '../index.js';
import { ReadFailure } from './read-failure.js';
import { UsageError } from './usage-error.js';

// The exit codes scripts branch on (API.md, "The `seatpay` command").

/** Done. */
export const DONE = 0;
/** Failed, and nothing was charged: safe to run again. */
export const FAILED = 1;
/** A usage or input mistake: nothing was sent. */
export const USAGE = 2;
/** The outcome is unknown or a row needs settling: reconcile before running again. */
export const UNSETTLED = 3;
/** The service refused the order for good (an unknown service ...): fix it; nothing charged. */
export const REFUSED = 4;
/** The key is in progress elsewhere (another process runs it): run again later. */
export const IN_PROGRESS = 5;
/** Stopped by Ctrl-C (128 + SIGINT) with nothing left unknown. */
export const INTERRUPTED = 130;

export type ExitCode =
  | typeof DONE
  | typeof FAILED
  | typeof USAGE
  | typeof UNSETTLED
  | typeof REFUSED
  | typeof IN_PROGRESS
  | typeof INTERRUPTED;

/** Whether the money may have moved: a purchase says so itself, any other error by its flag. */
function mayHaveCharged(error: SeatpayError): boolean {
  if (error instanceof PurchaseError) return error.charged !== 'no';
  // Not every SeatpayError declares the flag (API.md says the base class does): absent is false.
  return (error as { mayHaveBeenProcessed?: boolean }).mayHaveBeenProcessed === true;
}

/** The key is run by another live process right now (a purchase wraps it in `PurchaseError`). */
function inProgressElsewhere(error: unknown): boolean {
  return (
    error instanceof KeyInProgressError ||
    (error instanceof PurchaseError && error.cause instanceof KeyInProgressError)
  );
}

/**
 * Answers that no later run of the same order can change, so "run again" would fail forever: a
 * 4xx naming the request itself (400, 402, 403, 404, 410, 422 ...). Not a lost token (401: fix it
 * and run again), a timeout or lock (408, 423), a conflict (409), too early (425) or too many
 * (429): those are "failed for now". The service processed nothing (a 4xx never may have).
 */
const FOR_NOW = new Set([401, 408, 409, 423, 425, 429]);

function refusedForGood(error: unknown): error is APIError {
  return (
    error instanceof APIError &&
    !error.mayHaveBeenProcessed &&
    error.status >= 400 &&
    error.status < 500 &&
    !FOR_NOW.has(error.status)
  );
}

/** The error a purchase wraps (what the service said), else the error itself. */
const causeOf = (error: SeatpayError): unknown =>
  error instanceof PurchaseError ? error.cause : error;

/** The exit code that tells a script what an error means for its money. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return USAGE;
  if (error instanceof ReadFailure) return readExitCode(exitCodeOf(error.error));
  if (inProgressElsewhere(error)) return IN_PROGRESS;
  if (!(error instanceof SeatpayError)) return FAILED;
  if (mayHaveCharged(error)) return UNSETTLED;
  const cause = causeOf(error);
  // A reused key (KeyReuseError) is an InvalidRequestError too: an input mistake, nothing sent.
  if (error instanceof InvalidRequestError || cause instanceof InvalidRequestError) return USAGE;
  if (error instanceof AbortError || cause instanceof AbortError) return INTERRUPTED;
  return FAILED;
}

/** A read charges nothing: it never says "settle it" (exit 3); it failed, run it again. */
const readExitCode = (code: ExitCode): ExitCode => (code === UNSETTLED ? FAILED : code);

/**
 * The exit code of a money order (a purchase, a checkout, a batch row): as {@link exitCodeOf}, and
 * a refusal for good is told apart from a failure for now, so that a cron job does not run a row
 * the service will never take again and again.
 */
export function orderExitCodeOf(error: unknown): ExitCode {
  const code = exitCodeOf(error);
  if (code !== FAILED || !(error instanceof SeatpayError)) return code;
  return refusedForGood(causeOf(error)) ? REFUSED : FAILED;
}

/** The service's own code for a refusal (`service-not-found` ...), when it named one. */
export function serviceCodeOf(error: unknown): string | undefined {
  if (inProgressElsewhere(error)) return 'key-in-progress';
  const cause = error instanceof SeatpayError ? causeOf(error) : error;
  return cause instanceof APIError && cause.code !== null ? cause.code : undefined;
}

/** How bad an exit code is, for a batch: its worst row decides (unknown money first). */
const SEVERITY: Record<ExitCode, number> = { 0: 0, 1: 1, 130: 2, 5: 3, 4: 4, 2: 5, 3: 6 };

/** The worse of two exit codes. */
export function worse(a: ExitCode, b: ExitCode): ExitCode {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}
