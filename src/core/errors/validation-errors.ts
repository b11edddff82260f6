import { SeatpayError } from './seatpay-error.js';

/**
 * One problem found by a schema: where (`path`) and what (`message`).
 *
 * @example
 * ```ts
 * import { InvalidRequestError } from 'seatpay';
 *
 * try {
 *   await client.seats.add(sub.id, [{ email: 'not-an-email' }]);
 * } catch (error) {
 *   if (!(error instanceof InvalidRequestError)) throw error;
 *   for (const { path, message } of error.issues) console.log(path.join('.'), message);
 * }
 * ```
 * @category Errors
 */
export interface ValidationIssue {
  /** Where: keys and indexes from the top of the value, such as `['add_seats', 0, 'email']`. */
  path: (string | number)[];
  /** What is wrong, in words (`must be a valid email address`). */
  message: string;
}

/**
 * Arguments rejected before anything was sent. `field` names the first offending field
 * (`team_seats`, `add_seats.0.email` ...). Also thrown by `createClient` for unusable options, and
 * for request options (a timeout, a header) that cannot be used. Nothing was sent, so fixing the
 * argument and calling again is always safe.
 *
 * @example
 * ```ts
 * import { InvalidRequestError } from 'seatpay';
 *
 * try {
 *   await client.checking.preview({ plans: [plan.id!], team_seats: 0 });
 * } catch (error) {
 *   if (error instanceof InvalidRequestError) console.log(error.field); // 'team_seats'
 *   else throw error;
 * }
 * ```
 * @category Errors
 */
export class InvalidRequestError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'InvalidRequestError';
  /** The first offending field as a dotted path (`add_seats.0.email`), when one is to blame. */
  declare readonly field: string | undefined;
  /** Every problem found, each with its path; empty when the check was not a schema's. */
  declare readonly issues: ValidationIssue[];

  constructor(message: string, details: { field?: string; issues?: ValidationIssue[] } = {}) {
    super(message);
    this.field = details.field;
    this.issues = details.issues ?? [];
  }
}

/**
 * The file needs more chunks than the operation type allows (`max_chunks`). Thrown by
 * `media.upload` after reading the operation type and before any chunk is sent.
 *
 * @example
 * ```ts
 * import { MaxChunksExceededError } from 'seatpay';
 *
 * try {
 *   await client.media.upload(file, { operation_type: 'proof-of-payment' });
 * } catch (error) {
 *   if (!(error instanceof MaxChunksExceededError)) throw error;
 *   console.log(`needs ${error.totalChunks} chunks, fewer than ${error.maxChunks} allowed`);
 * }
 * ```
 * @category Errors
 */
export class MaxChunksExceededError extends InvalidRequestError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'MaxChunksExceededError';
  /** How many chunks the file needs at the operation type's `chunk_size`. */
  declare readonly totalChunks: number;
  /** The operation type's `max_chunks`: the count must be less than it. */
  declare readonly maxChunks: number;

  constructor(totalChunks: number, maxChunks: number) {
    super(
      `The file needs ${totalChunks} chunks, but the operation type allows fewer than ${maxChunks}`,
      { field: 'total_chunks' },
    );
    this.totalChunks = totalChunks;
    this.maxChunks = maxChunks;
  }
}

/**
 * A 2xx answer whose body does not match its schema (or is not JSON). `issues` says what was
 * wrong, `body` what came. A body that is not JSON always throws it; one that does not match
 * throws it under the client's `validate: 'error'` (the default), while `'warn'` logs and returns
 * the body as is and `'off'` skips the check.
 *
 * @example
 * ```ts
 * import { ResponseValidationError } from 'seatpay';
 *
 * try {
 *   await client.plans.get('team-per-seat');
 * } catch (error) {
 *   if (!(error instanceof ResponseValidationError)) throw error;
 *   console.log(error.issues, error.body); // what did not match, and what came
 * }
 * ```
 * @category Errors
 */
export class ResponseValidationError extends SeatpayError {
  /** @internal */
  static override readonly seatpayErrorClass: string = 'ResponseValidationError';
  /**
   * Always true: the service answered 2xx, so it did act on the request (a payment did go
   * through) even though its answer cannot be read. Never send such a call again blindly.
   */
  readonly mayHaveBeenProcessed = true;
  /** What did not match the schema, each with its path in the body. */
  declare readonly issues: ValidationIssue[];
  /** The body as it came, parsed (or as text when it was not JSON), secrets redacted. */
  declare readonly body: unknown;
  /** The request's method. */
  declare readonly method: string;
  /** The full URL that was called. */
  declare readonly url: string;

  constructor(
    details: { issues: ValidationIssue[]; body: unknown; method: string; url: string },
    warnable = true, // false: refused whatever `validate` says (not JSON, a seat change's seats)
  ) {
    super(
      `Unexpected response from ${details.method} ${pathOf(details.url)}: ${describeIssues(details.issues)}. The service answered 2xx but not in the shape seatpay expects: report it (the error's \`issues\` and \`body\`); the request went through, so do not repeat a payment blindly${warnable ? "; `validate: 'warn'` logs such an answer and returns it as it came" : ''}`,
    );
    this.issues = details.issues;
    this.body = details.body;
    this.method = details.method;
    this.url = details.url;
  }
}

/** "`path`: message; ..." for at most three issues. */
export function describeIssues(issues: ValidationIssue[]): string {
  const line = ({ path, message }: ValidationIssue) =>
    path.length ? `${path.join('.')}: ${message}` : message;
  const shown = issues.slice(0, 3).map(line);
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}

/** The path of `url`; a URL that does not parse is shown as given rather than thrown on. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
