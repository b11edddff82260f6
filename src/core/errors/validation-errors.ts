import { SeatpayError } from './seatpay-error.js';

/** One problem found by a schema: where (`path`) and what (`message`). */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Arguments rejected before anything was sent. `field` names the first offending field
 * (`team_seats`, `add_seats.0.email` ...).
 */
export class InvalidRequestError extends SeatpayError {
  override name = 'InvalidRequestError';
  readonly field: string | undefined;
  readonly issues: ValidationIssue[];

  constructor(message: string, details: { field?: string; issues?: ValidationIssue[] } = {}) {
    super(message);
    this.field = details.field;
    this.issues = details.issues ?? [];
  }
}

/** The file needs more chunks than the operation type allows (`max_chunks`). */
export class MaxChunksExceededError extends InvalidRequestError {
  override name = 'MaxChunksExceededError';
  readonly totalChunks: number;
  readonly maxChunks: number;

  constructor(totalChunks: number, maxChunks: number) {
    super(
      `The file needs ${totalChunks} chunks, but the operation type allows fewer than ${maxChunks}`,
      { field: 'total_chunks' },
    );
    this.totalChunks = totalChunks;
    this.maxChunks = maxChunks;
  }
}

/** A 2xx answer whose body does not match its schema. `issues` says what was wrong, `body` what came. */
export class ResponseValidationError extends SeatpayError {
  override name = 'ResponseValidationError';
  /**
   * Always true: the service answered 2xx, so it did act on the request (a payment did go
   * through) even though its answer cannot be read. Never send such a call again blindly.
   */
  readonly mayHaveBeenProcessed = true;
  readonly issues: ValidationIssue[];
  readonly body: unknown;
  readonly method: string;
  readonly url: string;

  constructor(details: { issues: ValidationIssue[]; body: unknown; method: string; url: string }) {
    super(
      `Unexpected response from ${details.method} ${new URL(details.url).pathname}: ${describeIssues(details.issues)}`,
    );
    this.issues = details.issues;
    this.body = details.body;
    this.method = details.method;
    this.url = details.url;
  }
}

/** "`path`: message; ..." for at most three issues. */
export function describeIssues(issues: ValidationIssue[]): string {
  const shown = issues
    .slice(0, 3)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
  return shown.join('; ') + (issues.length > 3 ? ` (and ${issues.length - 3} more)` : '');
}
