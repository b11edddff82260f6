import {
  AbortError,
  InvalidRequestError,
  KeyInProgressError,
  PurchaseError,
  SeatpayError,
} from '../index.js';
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
/** The key is in progress in another run (process, machine) still going: run again later. */
export const IN_PROGRESS = 5;
/** Stopped by Ctrl-C (128 + SIGINT) with nothing left unknown. */
export const INTERRUPTED = 130;

export type ExitCode =
  typeof DONE | typeof FAILED | typeof USAGE | typeof UNSETTLED | typeof IN_PROGRESS | 130;

/** Whether the money may have moved: a purchase says so itself, any other error by its flag. */
function mayHaveCharged(error: SeatpayError): boolean {
  if (error instanceof PurchaseError) return error.charged !== 'no';
  // Not every SeatpayError declares the flag (API.md says the base class does): absent is false.
  return (error as { mayHaveBeenProcessed?: boolean }).mayHaveBeenProcessed === true;
}

/** The exit code that tells a script what an error means for its money. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return USAGE;
  if (!(error instanceof SeatpayError)) return FAILED;
  // Another run holds the key and may charge it (once): not unknown, nothing to settle.
  if (inProgressElsewhere(error)) return IN_PROGRESS;
  if (mayHaveCharged(error)) return UNSETTLED;
  if (error instanceof InvalidRequestError) return USAGE;
  if (error instanceof AbortError) return INTERRUPTED;
  if (error instanceof PurchaseError && error.cause instanceof AbortError) return INTERRUPTED;
  return FAILED;
}

/** A key another live run holds (a purchase tells it through its cause). */
function inProgressElsewhere(error: SeatpayError): boolean {
  return (
    error instanceof KeyInProgressError ||
    (error instanceof PurchaseError && error.cause instanceof KeyInProgressError)
  );
}

/** How bad an exit code is, for a batch: its worst row decides (unknown money first). */
const SEVERITY: Record<ExitCode, number> = { 0: 0, 1: 1, 130: 2, 5: 3, 2: 4, 3: 5 };

/** The worse of two exit codes. */
export function worse(a: ExitCode, b: ExitCode): ExitCode {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}
