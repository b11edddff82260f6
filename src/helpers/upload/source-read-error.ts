import { AbortError } from '../../core/errors/abort-error.js';
import { SeatpayError } from '../../core/errors/seatpay-error.js';

/** How deep a failure's `cause` chain is searched for a read of the source that failed. */
const CAUSE_DEPTH = 6;

/**
 * A read of the upload's source failed: the file changed (truncated, grown, rewritten), a Blob or
 * File could not be read (`NotReadableError`), a stream failed. Internal: it travels from where
 * the source is read (the sender's file part, a chunk read for its digest, a stream's chunk) to
 * the upload, which rejects with `UploadSourceError`. A `SeatpayError` that is no
 * `ConnectionError`, so the request path hands it on as it is and never retries it.
 */
export class SourceReadError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'SourceReadError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** `error` as a {@link SourceReadError}: itself when it is one, else wrapping it as its cause. */
export function sourceReadError(error: unknown): SourceReadError {
  if (error instanceof SourceReadError) return error;
  return new SourceReadError(messageOf(error), { cause: error });
}

/**
 * The failed source read behind `error`, if any: a {@link SourceReadError}, or a
 * `NotReadableError` (what browsers and Node throw reading a Blob or File whose file changed),
 * anywhere in its `cause` chain: fetch reports the body's read failure as a network error
 * (`TypeError: fetch failed`) whose cause it is.
 */
export function sourceFailureIn(error: unknown): SourceReadError | undefined {
  let current: unknown = error;
  try {
    for (let depth = 0; depth < CAUSE_DEPTH && typeof current === 'object' && current; depth++) {
      if (current instanceof SourceReadError) return current;
      // Or a SourceReadError's safe copy (the scheduler's, a redaction's: one whose cause is no
      // Error, a thrown plain object, does not read cleanly), which is no SourceReadError.
      const { name } = current as { name?: unknown };
      if (name === 'NotReadableError' || name === 'SourceReadError')
        return sourceReadError(current);
      current = (current as { cause?: unknown }).cause;
    }
  } catch {
    // What a custom fetch threw may be a Proxy whose every read throws: no source read in it.
  }
  return undefined;
}

/**
 * `error`, which ended a read of the source `for` a digest (`'its digest'`, `'its md5'`): itself
 * when it is a read that failed (said so, not a callback's that threw) or an abort, else a
 * {@link SourceReadError} saying what could not be read, `error` its cause.
 */
export function digestReadError(error: unknown, purpose: string): unknown {
  if (error instanceof AbortError || sourceFailureIn(error)) return error;
  const reason = messageOf(error);
  return new SourceReadError(`it could not be read for ${purpose}: ${reason}`, { cause: error });
}

/** What `error` says; never throws (a source may throw a null-prototype object, a `message` getter that throws). */
function messageOf(error: unknown): string {
  try {
    return error instanceof Error && error.message ? error.message : String(error);
  } catch {
    return 'a value that cannot be read';
  }
}
