import * as z from 'zod/mini';
import { ResponseValidationError } from '../core/errors/validation-errors.js';
import {
  SeatsRefusedError,
  seatRefusal,
  type SeatRefusal,
} from '../core/errors/seats-refused-error.js';
import { toIssues } from '../core/prepare/validate-input.js';
import { recheckedWhateverValidate } from '../rechecked-answers.js';
import { SeatSchema, type Seat } from '../schemas/seats.js';

/**
 * What a seat change is answered with: the seats (SERVICE.md), or the deployed server's 207
 * multi-status `{ data, errors }` (live-api.md §2.2). Refusals are not schema issues: they become
 * a {@link SeatsRefusedError} in {@link seatsOfChange}, whatever the client's `validate` mode,
 * which checks the seats again then too: `validate: 'warn'` never returns the answer as it came.
 */
export const SeatChangeAnswerSchema = recheckedWhateverValidate(
  z.union([
    z.array(SeatSchema),
    z.looseObject({
      data: z.array(SeatSchema),
      errors: z.optional(
        z.array(z.looseObject({ message: z.optional(z.unknown()), code: z.optional(z.unknown()) })),
      ),
    }),
  ]),
);

const SeatArraySchema = z.array(SeatSchema);

/** Where a seat change's answer came from, and how to hide the client's secrets in an error. */
export interface SeatAnswerOrigin {
  status: number;
  method: string;
  url: string;
  /** Removes the client's secrets (token, card number, CVC) from a value an error will carry. */
  redact: <T>(value: T) => T;
}

/**
 * The seats of a seat change's answer; rejects with `SeatsRefusedError` when any item was refused.
 * Runs after validation, and also under `validate: 'warn'` or `'off'`: a seat call must never
 * resolve to the `{ data, errors }` envelope typed as `Seat[]`, nor to anything but real seats.
 * What the errors carry is redacted: the service's messages may echo the token.
 */
export function seatsOfChange(answer: unknown, origin: SeatAnswerOrigin): Seat[] {
  if (Array.isArray(answer)) return checkedSeats(answer, answer, origin);
  const envelope = answer as { data?: unknown; errors?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || !Array.isArray(envelope.data)) {
    const issues = [{ path: [], message: 'expected an array of seats or { data, errors }' }];
    throw invalid(issues, answer, origin);
  }
  const { errors } = envelope;
  if (errors !== undefined && !Array.isArray(errors)) {
    // Refusals in another shape (`"errors": "…"`, an object) are not dropped as none were made.
    const issues = [{ path: ['errors'], message: 'expected an array of refusals' }];
    throw invalid(issues, answer, origin);
  }
  const applied = checkedSeats(envelope.data, answer, origin);
  const refused = errors?.map(refusalOf) ?? [];
  if (refused.length === 0) return applied;
  throw new SeatsRefusedError({
    status: origin.status,
    applied: origin.redact(applied) as Seat[],
    refused: origin.redact(refused) as SeatRefusal[],
  });
}

/** The seats, checked whatever `validate` says: only an array of real seats is typed `Seat[]`. */
function checkedSeats(seats: unknown[], body: unknown, origin: SeatAnswerOrigin): Seat[] {
  const result = SeatArraySchema.safeParse(seats);
  if (result.success) return result.data;
  throw invalid(toIssues(result.error.issues, { input: seats }), body, origin);
}

function invalid(
  issues: { path: (string | number)[]; message: string }[],
  body: unknown,
  origin: SeatAnswerOrigin,
): ResponseValidationError {
  const { method, url } = origin;
  const redacted = { issues: origin.redact(issues) as typeof issues, body: origin.redact(body) };
  return new ResponseValidationError({ ...redacted, method, url }, false); // whatever `validate`
}

/**
 * The service's own message, kept as sent (a refusal sent as bare text is its message); a refusal
 * without one still says what it is, and what the service sent when that was a number.
 */
function refusalOf(item: unknown): SeatRefusal {
  const { message, code } = (
    typeof item === 'object' && item !== null ? item : { message: item }
  ) as {
    message?: unknown;
    code?: unknown;
  };
  if (typeof message === 'string' && message !== '') return seatRefusal(message, code);
  const sent = typeof message === 'number' || typeof message === 'boolean' ? ` (${message})` : '';
  return seatRefusal(`the service refused this seat${sent}`, code);
}
